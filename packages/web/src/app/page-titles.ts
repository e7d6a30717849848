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

/** The pages whose name is 'title.' and their name in ROUTES. */
type TitledRoute = { [K in keyof typeof ROUTES]: `title.${K}` extends AppKey ? K : never }[keyof typeof ROUTES];

/** A page named by its route, matched at the route or at the pattern given (a route with a parameter). */
const named = (route: TitledRoute, pattern: string = ROUTES[route]) => [pattern, `title.${route}`] as const;

/** The system pages below /admin, each named by its path ('title.' and the path). */
const SYSTEM_PAGES = ['metrics', 'health', 'configuration', 'audits', 'logs', 'diagnostics', 'docs'] as const;

/** Every page of the portal and its name, the first matching pattern winning. */
const PAGE_TITLES: readonly (readonly [pattern: string, title: Title])[] = [
  named('login'),
  named('logout'),
  named('oidc'),
  named('register'),
  named('activate', `${ROUTES.activate}/:key?`),
  named('resetRequest'),
  named('resetFinish', `${ROUTES.resetFinish}/:key?`),
  named('dashboard'),
  named('home'),
  named('accountSettings'),
  named('accountPassword'),
  named('accountApiKeys'),
  named('accountNotifications'),
  named('adminUsers'),
  named('deviceProfiles'),
  [`${ROUTES.deviceProfiles}/:id`, 'title.deviceProfile'],
  ...SYSTEM_PAGES.map((page) => [`${ROUTES.admin}/${page}`, `title.${page}`] as const),
  [`${ROUTES.admin}/*`, 'title.system'],
  named('fleetOwnerPermissions'),
  named('dealerPermissions'),
  named('canHistoryReport'),
  named('reportResult'),
  named('reportTemplate'),
  named('analytics'),
  named('zones'),
  [`${ROUTES.zones}/new`, 'title.zoneNew'],
  [`${ROUTES.zones}/:id`, 'title.zone'],
  named('webhooks'),
  [`${ROUTES.webhooks}/:id`, 'title.webhook'],
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
