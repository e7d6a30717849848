import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  'list.title': 'Liste der Super-User',
  'list.empty': 'Keine Super-User gefunden',
  name: 'Vollständiger Name',
  mobileNumber: 'Mobilnummer',
  contactEmail: 'E-Mail des Hauptkontakts',
  address: 'Adresse',
  'detail.title': 'Benutzerdetails',
  'detail.userId': 'Benutzer-ID',
  loadFailed: 'Dieser Benutzer konnte nicht geladen werden.',
  back: 'Zurück',
  edit: 'Bearbeiten',
  'form.add': 'Benutzer hinzufügen',
  'form.edit': 'Benutzer bearbeiten',
  'form.email': 'E-Mail',
  'form.password': 'Passwort',
  'delete.title': 'Löschen bestätigen',
  'delete.question': 'Möchten Sie ({{name}}) wirklich löschen?',
  'toast.deleted': 'Benutzer erfolgreich gelöscht',
};
