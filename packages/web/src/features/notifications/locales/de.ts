import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  title: 'Push-Benachrichtigungen',
  intro:
    'Erhalten Sie die Alarme der Fahrzeuge, die Sie sehen dürfen, als Benachrichtigungen auf diesem Telefon oder Computer, auch wenn evfleet geschlossen ist. Ein Klick darauf öffnet das Fahrzeug.',
  'browser.title': 'Dieser Browser',
  'browser.hint': 'Benachrichtigungen werden für jeden Browser einzeln eingeschaltet.',
  'state.on': 'Benachrichtigungen an',
  'state.off': 'Benachrichtigungen aus',
  'state.blocked': 'Blockiert',
  'state.insecure': 'Nicht verfügbar',
  'state.unsupported': 'Nicht unterstützt',
  'permission.default': 'Berechtigung: noch nicht gefragt.',
  'permission.granted': 'Berechtigung: erteilt.',
  'permission.denied': 'Berechtigung: verweigert.',
  'explain.blocked':
    'Dieser Browser blockiert Benachrichtigungen von evfleet. Erlauben Sie sie in den Website-Einstellungen (das Symbol neben der Adresse) und kommen Sie dann zurück.',
  'explain.insecure': 'Benachrichtigungen setzen voraus, dass evfleet über https geöffnet wird.',
  'explain.unsupported':
    'Dieser Browser kann keine Benachrichtigungen empfangen. Auf einem iPhone oder iPad fügen Sie evfleet zuerst zum Home-Bildschirm hinzu und öffnen es von dort.',
  'severity.label': 'Senden',
  'severity.WARNING': 'Warnungen und schwere Alarme',
  'severity.SEVERE': 'Nur schwere Alarme',
  'action.on': 'Benachrichtigungen einschalten',
  'action.off': 'Ausschalten',
  'action.remove': 'Entfernen',
  'failure.subscribe':
    'Dieser Browser konnte Benachrichtigungen nicht abonnieren. Versuchen Sie es später noch einmal oder in einem anderen Browser.',
  'failure.no-worker':
    'Benachrichtigungen brauchen die installierte App (ihren Service Worker), die diese Seite nicht hat.',
  'list.title': 'Ihre Geräte',
  'list.hint': 'Jeder Browser, in dem Ihr Konto Benachrichtigungen erhält.',
  'list.empty': 'Noch kein Gerät erhält Benachrichtigungen',
  'list.failed': 'Die Geräte konnten nicht geladen werden.',
  'column.service': 'Push-Dienst',
  'column.minSeverity': 'Alarme',
  'column.created': 'Seit',
  'column.actions': 'Aktion',
  'device.thisBrowser': 'Dieser Browser',
  'remove.title': 'Gerät entfernen',
  'remove.question': 'Dem Gerät bei {{service}} keine Benachrichtigungen mehr senden?',
  'remove.done': 'Das Gerät bei {{service}} erhält keine Benachrichtigungen mehr',
};
