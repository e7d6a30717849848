import { ACCOUNT_TEXTS } from '@evfleet/domain';

/** The account pages' texts (sign-in, registration, activation, password, settings). */
export const en = {
  'settings.title': 'User settings for [{{login}}]',
  'settings.saved': ACCOUNT_TEXTS.settingsSaved,
  'settings.firstName': 'First Name',
  'settings.lastName': 'Last Name',
  'settings.email': 'Email',
  'settings.language': 'Language',
  'settings.save': 'Save',
  'settings.timeFormat': 'Time format',
  'settings.hour24': '24-hour (13:30)',
  'settings.hour12': '12-hour (1:30 PM)',
} as const;
