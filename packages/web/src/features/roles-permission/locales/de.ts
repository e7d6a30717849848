import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  'title.ROLE_FLEET': 'Flottenbetreiber',
  'title.ROLE_DEALER': 'Händler',
  readOnly: 'Nur Administratoren können Rollenberechtigungen ändern.',
  loadFailed: 'Die Berechtigungen dieser Rolle konnten nicht geladen werden.',
  'toast.enabled': '{{title}}: {{label}} aktiviert',
  'toast.disabled': '{{title}}: {{label}} deaktiviert',
  'toggle.driverScreen': 'Fahrerseite',
  'toggle.vehicleConfigurationTemplate': 'Fahrzeugkonfigurationsvorlage',
  'toggle.vehicle': 'Fahrzeug',
  'toggle.assignVehicle': 'Fahrzeug zuordnen',
  'toggle.unassignVehicle': 'Fahrzeugzuordnung aufheben',
  'toggle.canDetails': 'CAN-Details des Fahrzeugs',
  'toggle.canHistory': 'CAN-Verlauf',
  'toggle.canHistoryExport': 'CAN-Verlauf exportieren',
  'toggle.warningLogs': 'Warnprotokolle',
  'note.vehicle': 'Die Fahrzeuge der Flotte; darunter, was der Flottenbetreiber davon öffnen darf.',
  'note.assignVehicle':
    'Fahrzeuge des Händlers seinen Flotten zuordnen; darunter, was er von seinen Fahrzeugen in einer Flotte öffnen darf.',
  'note.unassignVehicle':
    'Fahrzeuge aus seinen Flotten nehmen; darunter, was er von seinen Fahrzeugen ohne Flotte öffnen darf.',
};
