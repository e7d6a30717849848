import type { Catalogue } from '../../../i18n/catalogue';
import type { en } from './en';

export const de: Catalogue<typeof en> = {
  'list.title': 'API-Schlüssel',
  'list.intro':
    'Mit einem Schlüssel ruft ein Programm evfleet in Ihrem Namen auf, höchstens mit den Bereichen, die Sie ihm geben: als „Authorization: Bearer <Schlüssel>“.',
  'list.create': 'Neuer Schlüssel',
  'list.empty': 'Noch keine API-Schlüssel',
  'list.failed': 'Die API-Schlüssel konnten nicht geladen werden.',
  'column.name': 'Name',
  'column.key': 'Schlüssel',
  'column.scopes': 'Bereiche',
  'column.owner': 'Inhaber',
  'column.created': 'Erstellt',
  'column.expires': 'Läuft ab',
  'column.lastUsed': 'Zuletzt benutzt',
  'column.actions': 'Aktion',
  never: 'Nie',
  expired: 'Abgelaufen',
  'scope.read': 'Nur GET-Aufrufe: liest, was Sie lesen dürfen.',
  'scope.write': 'Jeder Aufruf, den Sie machen dürfen, auch Änderungen.',
  'scope.telemetry': 'Sendet Messwerte Ihrer Fahrzeuge über HTTP, als HTTP Basic mit der FIN und dem Schlüssel.',
  'action.revoke': 'Widerrufen',
  'action.revokeOf': '{{name}} widerrufen',
  'revoke.title': 'API-Schlüssel widerrufen',
  'revoke.question':
    'Den Schlüssel „{{name}}“ ({{key}}) widerrufen? Programme, die ihn benutzen, werden sofort abgewiesen.',
  'revoke.done': 'Der Schlüssel „{{name}}“ ist widerrufen',
  'create.title': 'Neuer API-Schlüssel',
  'create.name': 'Name',
  'create.scopes': 'Bereiche',
  'create.expiresAt': 'Läuft ab',
  'create.expiresHint': 'Leer lassen für einen Schlüssel, der nie abläuft.',
  'create.submit': 'Schlüssel erstellen',
  'created.title': 'Ihr neuer API-Schlüssel',
  'created.warning':
    'Kopieren Sie den Schlüssel jetzt: Er wird nicht wieder angezeigt. Verloren, kann er nur widerrufen und ersetzt werden.',
  'created.done': 'Ich habe den Schlüssel kopiert',
};
