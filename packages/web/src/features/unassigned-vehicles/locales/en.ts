import { VEHICLE_TEXTS } from '@evfleet/domain';

/** The unassigned vehicles page and its Assign modal. */
export const en = {
  title: 'Unassigned Vehicles',
  assign: 'Assign',
  noRows: 'No unassigned vehicles',
  'column.vin': 'VIN',
  'column.name': 'Vehicle Name',
  'column.dealerName': 'Dealer Name',
  'column.status': 'Status',
  'status.active': 'Active',
  'status.inactive': 'Inactive',
  'modal.title': 'Assign Vehicle',
  'modal.failed': 'The fleets of these vehicles could not be loaded.',
  'modal.vehicle': 'Vehicle',
  'modal.fleet': 'Fleet',
  'modal.fleetFor': 'Fleet for {{name}}',
  'modal.noFleet': 'No fleet of this dealer',
  'modal.chooseFleet': 'Select a fleet',
  'modal.cancel': 'Cancel',
  assigned: VEHICLE_TEXTS.assigned,
} as const;
