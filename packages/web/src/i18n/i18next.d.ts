import type { en as app } from '../app/locales/en';
import type { en as account } from '../features/account/locales/en';
import type { en as analytics } from '../features/analytics/locales/en';
import type { en as dashboard } from '../features/dashboard/locales/en';
import type { en as records } from '../features/records/locales/en';
import type { en as report } from '../features/report/locales/en';
import type { en as vehicleTemplates } from '../features/vehicle-templates/locales/en';
import type { en as domain } from './domain/en';
import type { en as translation } from './en';

/** Every namespace and its English catalogue: `t` takes only the keys they hold. */
export interface Resources {
  translation: typeof translation;
  domain: typeof domain;
  app: typeof app;
  account: typeof account;
  report: typeof report;
  analytics: typeof analytics;
  dashboard: typeof dashboard;
  'vehicle-templates': typeof vehicleTemplates;
  records: typeof records;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
    keySeparator: false;
    nsSeparator: false;
  }
}
