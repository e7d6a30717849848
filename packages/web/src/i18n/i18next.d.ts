import type { en as app } from '../app/locales/en';
import type { en as components } from '../components/locales/en';
import type { en as account } from '../features/account/locales/en';
import type { en as admin } from '../features/admin/locales/en';
import type { en as analytics } from '../features/analytics/locales/en';
import type { en as apiKeys } from '../features/api-keys/locales/en';
import type { en as dashboard } from '../features/dashboard/locales/en';
import type { en as dealers } from '../features/dealers/locales/en';
import type { en as deviceProfiles } from '../features/device-profiles/locales/en';
import type { en as drivers } from '../features/drivers/locales/en';
import type { en as fleets } from '../features/fleets/locales/en';
import type { en as home } from '../features/home/locales/en';
import type { en as notifications } from '../features/notifications/locales/en';
import type { en as records } from '../features/records/locales/en';
import type { en as report } from '../features/report/locales/en';
import type { en as rolesPermission } from '../features/roles-permission/locales/en';
import type { en as superUsers } from '../features/super-users/locales/en';
import type { en as unassignedVehicles } from '../features/unassigned-vehicles/locales/en';
import type { en as vehicleTemplates } from '../features/vehicle-templates/locales/en';
import type { en as vehicles } from '../features/vehicles/locales/en';
import type { en as webhooks } from '../features/webhooks/locales/en';
import type { en as zones } from '../features/zones/locales/en';
import type { en as domain } from './domain/en';
import type { en as translation } from './en';

/** Every namespace and its English catalogue: `t` takes only the keys they hold. */
export interface Resources {
  translation: typeof translation;
  domain: typeof domain;
  app: typeof app;
  components: typeof components;
  account: typeof account;
  vehicles: typeof vehicles;
  'unassigned-vehicles': typeof unassignedVehicles;
  admin: typeof admin;
  dealers: typeof dealers;
  'device-profiles': typeof deviceProfiles;
  'api-keys': typeof apiKeys;
  drivers: typeof drivers;
  fleets: typeof fleets;
  home: typeof home;
  'roles-permission': typeof rolesPermission;
  'super-users': typeof superUsers;
  report: typeof report;
  analytics: typeof analytics;
  dashboard: typeof dashboard;
  'vehicle-templates': typeof vehicleTemplates;
  records: typeof records;
  zones: typeof zones;
  webhooks: typeof webhooks;
  notifications: typeof notifications;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
    keySeparator: false;
    nsSeparator: false;
  }
}
