import { DASHBOARD_CARD_TITLES, DASHBOARD_COUNT_CARDS, DASHBOARD_FACTOR_LABELS } from '@evfleet/domain';

/** The dashboard's texts: its cards and the administrators' factors. */
export const en = {
  'page.title': 'Dashboard',
  'page.resetLayout': 'Reset layout',
  'page.loadFailed': 'The dashboard figures could not be loaded.',
  'card.loadFailed': 'Could not load this figure.',
  'card.now': 'Now',
  // The count cards, by their key in DASHBOARD_COUNT_CARDS (in its order).
  'count.totalVehicles': DASHBOARD_COUNT_CARDS[0].title,
  'count.totalDealers': DASHBOARD_COUNT_CARDS[1].title,
  'count.totalFleets': DASHBOARD_COUNT_CARDS[2].title,
  'count.totalDrivers': DASHBOARD_COUNT_CARDS[3].title,
  'count.totalVehiclesUnassigned': DASHBOARD_COUNT_CARDS[4].title,
  'card.chargeConsumption': DASHBOARD_CARD_TITLES.chargeConsumption,
  'card.hoursCharging': DASHBOARD_CARD_TITLES.hoursCharging,
  'card.serviceIncidents': DASHBOARD_CARD_TITLES.serviceIncidents,
  'card.dollarsSaved': DASHBOARD_CARD_TITLES.dollarsSaved,
  'card.emission': DASHBOARD_CARD_TITLES.emission,
  'card.vehicles_one': '{{n}} vehicle',
  'card.vehicles_other': '{{n}} vehicles',
  'card.severeEpisodes': 'SEVERE alert episodes',
  'card.milesDriven': '{{miles}} miles driven',
  'card.runningCostSaved': 'Running cost saved',
  'card.maintenanceSaved': 'Maintenance cost saved',
  'card.co2Avoided': 'Carbon footprint avoided',
  'card.gallonsSaved': 'Gallons saved on fuel',
  'card.trend': 'Last {{days}} days',
  // The factors of the Emission and Dollars Saved cards.
  'factors.title': 'Dashboard factors',
  'factors.saved': 'Dashboard factors saved',
  'factor.gasolineMpg': DASHBOARD_FACTOR_LABELS.gasolineMpg,
  'factor.co2KgPerGallon': DASHBOARD_FACTOR_LABELS.co2KgPerGallon,
  'factor.gridCo2KgPerKwh': DASHBOARD_FACTOR_LABELS.gridCo2KgPerKwh,
  'factor.gasolinePricePerGallon': DASHBOARD_FACTOR_LABELS.gasolinePricePerGallon,
  'factor.electricityPricePerKwh': DASHBOARD_FACTOR_LABELS.electricityPricePerKwh,
  'factor.maintenanceSavedPerMile': DASHBOARD_FACTOR_LABELS.maintenanceSavedPerMile,
} as const;
