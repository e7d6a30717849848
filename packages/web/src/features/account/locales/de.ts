import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  'settings.title': 'Benutzereinstellungen für [{{login}}]',
  'settings.saved': 'Einstellungen gespeichert!',
  'settings.firstName': 'Vorname',
  'settings.lastName': 'Nachname',
  'settings.email': 'E-Mail',
  'settings.language': 'Sprache',
  'settings.save': 'Speichern',
  'settings.timeFormat': 'Zeitformat',
  'settings.hour24': '24 Stunden (13:30)',
  'settings.hour12': '12 Stunden (1:30 PM)',
};
