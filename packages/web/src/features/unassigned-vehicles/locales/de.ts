import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  title: 'Nicht zugeordnete Fahrzeuge',
  assign: 'Zuordnen',
  noRows: 'Keine nicht zugeordneten Fahrzeuge',
  'column.vin': 'FIN',
  'column.name': 'Fahrzeugname',
  'column.dealerName': 'Händler',
  'column.status': 'Status',
  'status.active': 'Aktiv',
  'status.inactive': 'Inaktiv',
  'modal.title': 'Fahrzeug zuordnen',
  'modal.failed': 'Die Flotten dieser Fahrzeuge konnten nicht geladen werden.',
  'modal.vehicle': 'Fahrzeug',
  'modal.fleet': 'Flotte',
  'modal.fleetFor': 'Flotte für {{name}}',
  'modal.noFleet': 'Keine Flotte dieses Händlers',
  'modal.chooseFleet': 'Flotte auswählen',
  'modal.cancel': 'Abbrechen',
  assigned: 'Fahrzeug zugeordnet',
};
