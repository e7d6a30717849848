import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  'list.title': 'Fahrerliste',
  'list.empty': 'Keine Fahrer gefunden',
  'column.name': 'Vollständiger Name',
  name: 'Name',
  email: 'E-Mail',
  mobile: 'Mobilnummer',
  address: 'Adresse',
  fleet: 'Flotte',
  'detail.title': 'Fahrerdetails',
  'detail.fleetName': 'Flottenname',
  'detail.assign': 'Fahrzeug zuordnen',
  'detail.addVehicles': 'Fahrzeuge hinzufügen',
  loadFailed: 'Dieser Fahrer konnte nicht geladen werden.',
  back: 'Zurück',
  'form.add': 'Fahrer hinzufügen',
  'form.edit': 'Fahrer bearbeiten',
  'form.loading': 'Wird geladen …',
  'form.chooseFleet': 'Flotte auswählen',
  'form.inactiveFleet': '{{fleet}} (inaktiv)',
  'form.photo': 'Foto',
  'form.photoAlt': 'Foto des Fahrers',
  'toast.created': 'Fahrer erfolgreich angelegt',
  'toast.updated': 'Fahrer erfolgreich aktualisiert',
  'toast.deleted': 'Fahrer erfolgreich gelöscht',
  'toast.assigned': 'Fahrzeug erfolgreich zugeordnet',
  'toast.unassigned': 'Fahrzeugzuordnung erfolgreich aufgehoben',
  'delete.question': 'Möchten Sie diesen Fahrer ({{name}}) wirklich löschen?',
  'delete.withVehicles':
    '{{name}} sind Fahrzeuge zugeordnet. Alle Zuordnungen werden aufgehoben. Möchten Sie diesen Fahrer wirklich löschen?',
};
