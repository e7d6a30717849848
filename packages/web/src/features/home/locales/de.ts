import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  greeting: 'Willkommen, {{name}}!',
  intro: 'Verfolgen Sie Ihre Elektrofahrzeuge live, prüfen Sie ihre Batterien und sehen Sie sich ihren Verlauf an.',
  showVehicles: 'Meine Fahrzeuge anzeigen',
};
