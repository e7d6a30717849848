import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  'list.title': 'Flottenliste',
  'list.empty': 'Keine Flotten gefunden',
  name: 'Flottenname',
  email: 'Flotten-E-Mail',
  dealerName: 'Händlername',
  dealerEmail: 'Händler-E-Mail',
  status: 'Status',
  active: 'Aktiv',
  inactive: 'Inaktiv',
  'detail.title': 'Flottendetails',
  'detail.email': 'Flotten-E-Mail-Adresse',
  'detail.dealerEmail': 'Händler-E-Mail-Adresse',
  'detail.addVehicles': 'Weitere Fahrzeuge hinzufügen',
  loadFailed: 'Diese Flotte konnte nicht geladen werden.',
  back: 'Zurück',
  'form.add': 'Flotte hinzufügen',
  'form.edit': 'Flotte bearbeiten',
  'form.loading': 'Wird geladen …',
  'form.chooseDealer': 'Händler auswählen',
  'toast.deleted': 'Flotte erfolgreich gelöscht',
  'toast.assigned': 'Fahrzeug erfolgreich zugeordnet',
  'toast.unassigned': 'Fahrzeugzuordnung erfolgreich aufgehoben',
  'delete.question': 'Möchten Sie diese Flotte ({{name}}) wirklich löschen?',
  'delete.withDrivers': 'Die Flotte kann nicht gelöscht werden. Ordnen Sie zum Löschen {{drivers}} anderen Flotten zu.',
  'delete.withVehicles':
    'Die Flotte kann nicht gelöscht werden. Heben Sie zum Löschen die Zuordnung aller Fahrzeuge zur Flotte auf.',
};
