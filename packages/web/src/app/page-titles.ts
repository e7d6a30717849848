import type { TFunction } from 'i18next';
import { matchPath } from 'react-router';
import { ROUTES, type EntityArea } from '../routing/routes';
import type { en as app } from './locales/en';

type AppKey = keyof typeof app;

/** The plural (list) and singular (one record) name of each entity area. */
const ENTITY_NAMES: Record<EntityArea, readonly [list: AppKey, one: AppKey]> = {
  [ROUTES.vehicle]: ['entity.vehicles', 'entity.vehicle'],
  [ROUTES.vehicleCan]: ['entity.unassignedVehicles', 'entity.unassignedVehicle'],
  [ROUTES.dealer]: ['entity.dealers', 'entity.dealer'],
  [ROUTES.fleet]: ['entity.fleets', 'entity.fleet'],
  [ROUTES.driver]: ['entity.drivers', 'entity.driver'],
  [ROUTES.usersPage]: ['entity.users', 'entity.user'],
  [ROUTES.emailTemplate]: ['entity.emailTemplates', 'entity.emailTemplate'],
  [ROUTES.vehicleTemplate]: ['entity.vehicleTemplates', 'entity.vehicleTemplate'],
  [ROUTES.vehicleLog]: ['entity.vehicleLogs', 'entity.vehicleLog'],
  [ROUTES.car]: ['entity.cars', 'entity.car'],
  [ROUTES.notification]: ['entity.notifications', 'entity.notification'],
};

/** A page's name: a catalogue text, or a record page's wording around its entity's name. */
type Title = AppKey | { wording: 'title.new' | 'title.edit' | 'title.delete'; one: AppKey };

/** Every page of the portal and its name, the first matching pattern winning. */
const PAGE_TITLES: readonly (readonly [pattern: string, title: Title])[] = [
  [ROUTES.login, 'title.login'],
  [ROUTES.logout, 'title.logout'],
  [ROUTES.register, 'title.register'],
  [`${ROUTES.activate}/:key?`, 'title.activate'],
  [ROUTES.resetRequest, 'title.resetRequest'],
  [`${ROUTES.resetFinish}/:key?`, 'title.resetFinish'],
  [ROUTES.dashboard, 'title.dashboard'],
  [ROUTES.home, 'title.home'],
  [ROUTES.accountSettings, 'title.accountSettings'],
  [ROUTES.accountPassword, 'title.accountPassword'],
  [ROUTES.adminUsers, 'title.adminUsers'],
  [ROUTES.deviceProfiles, 'title.deviceProfiles'],
  [`${ROUTES.deviceProfiles}/:id`, 'title.deviceProfile'],
  [`${ROUTES.admin}/metrics`, 'title.metrics'],
  [`${ROUTES.admin}/health`, 'title.health'],
  [`${ROUTES.admin}/configuration`, 'title.configuration'],
  [`${ROUTES.admin}/audits`, 'title.audits'],
  [`${ROUTES.admin}/logs`, 'title.logs'],
  [`${ROUTES.admin}/diagnostics`, 'title.diagnostics'],
  [`${ROUTES.admin}/docs`, 'title.docs'],
  [`${ROUTES.admin}/*`, 'title.system'],
  [ROUTES.fleetOwnerPermissions, 'title.fleetOwnerPermissions'],
  [ROUTES.dealerPermissions, 'title.dealerPermissions'],
  [ROUTES.canHistoryReport, 'title.canHistoryReport'],
  [ROUTES.reportResult, 'title.reportResult'],
  [ROUTES.reportTemplate, 'title.reportTemplate'],
  [ROUTES.analytics, 'title.analytics'],
  ...Object.entries(ENTITY_NAMES).flatMap(([area, [list, one]]): (readonly [string, Title])[] => [
    [area, list],
    [`${area}/new`, { wording: 'title.new', one }],
    [`${area}/:id/edit`, { wording: 'title.edit', one }],
    [`${area}/:id/delete`, { wording: 'title.delete', one }],
    [`${area}/:id/*`, one],
  ]),
];

/** The document title of a page in the current language: its name, then the portal's ("Vehicles · evfleet"). */
export function documentTitle(pathname: string, t: TFunction<'app'>): string {
  const title = PAGE_TITLES.find(([pattern]) => matchPath({ path: pattern, caseSensitive: false }, pathname))?.[1];
  const page =
    title === undefined
      ? t('title.notFound')
      : typeof title === 'string'
        ? t(title)
        : t(title.wording, { one: t(title.one) });
  return t('title.page', { page });
}
