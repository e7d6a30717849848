import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/account/LoginPage';
import { readToken } from '../api/auth-storage';
import { PrivateRoute } from './guards/PrivateRoute';
import { lazyNamed, namedExport } from '../routing/lazy-named';
import { ENTITY_AREAS, ROUTES, ROUTE_ROLES, type EntityArea } from '../routing/routes';
import { AppLayout } from './shell/AppLayout';
import { NotFound } from '../routing/StatusPages';

// Only the login page ships in the entry chunk; every other screen loads when first opened.
const account = () => import('../features/account/public-pages');
const LogoutPage = lazyNamed(account, 'LogoutPage');
const OidcPage = lazyNamed(account, 'OidcPage');
const RegisterPage = lazyNamed(account, 'RegisterPage');
const ActivatePage = lazyNamed(account, 'ActivatePage');
const ResetRequestPage = lazyNamed(account, 'ResetRequestPage');
const ResetFinishPage = lazyNamed(account, 'ResetFinishPage');
const AccountRoutes = lazy(() => import('../features/account/AccountRoutes'));
const AdminRoutes = lazy(() => import('../features/admin/AdminRoutes'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const rolePages = () => import('../features/roles-permission/RolePermissionPages');
const FleetOwnerPermissionPage = lazyNamed(rolePages, 'FleetOwnerPermissionPage');
const DealerPermissionPage = lazyNamed(rolePages, 'DealerPermissionPage');
const ReportRoutes = lazy(() => import('../features/report/ReportRoutes'));
const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage'));
const ZoneRoutes = lazy(() => import('../features/zones/ZoneRoutes'));
const WebhookRoutes = lazy(() => import('../features/webhooks/WebhookRoutes'));
const recordScreens = () => import('../features/records/record-screens');

/** An area's module: its routes, and what to start loading when a page opens straight on it. */
type ScreenModule = { default: ComponentType; preload?: (pathname: string) => void };

/** The code of each entity area, loaded when first opened. */
const ENTITY_MODULES: Record<EntityArea, () => Promise<ScreenModule>> = {
  [ROUTES.driver]: () => import('../features/drivers/DriverRoutes'),
  [ROUTES.fleet]: () => import('../features/fleets/FleetRoutes'),
  [ROUTES.dealer]: () => import('../features/dealers/DealerRoutes'),
  [ROUTES.usersPage]: () => import('../features/super-users/SuperUserRoutes'),
  [ROUTES.vehicle]: () => import('../features/vehicles/VehicleRoutes'),
  [ROUTES.vehicleTemplate]: () => import('../features/vehicle-templates/VehicleTemplateRoutes'),
  [ROUTES.vehicleCan]: () => import('./VehicleCanRoutes'),
  [ROUTES.car]: namedExport(recordScreens, 'CarRoutes'),
  [ROUTES.emailTemplate]: namedExport(recordScreens, 'EmailTemplateRoutes'),
  [ROUTES.notification]: namedExport(recordScreens, 'NotificationRoutes'),
  [ROUTES.vehicleLog]: namedExport(recordScreens, 'VehicleLogRoutes'),
};
const ENTITY_SCREENS: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(ENTITY_MODULES).map(([area, load]) => [area, lazy(load)]),
);

/** A private area: who may open it (§2.2), and each of its paths with the screen there. */
interface PrivateArea {
  roles: readonly string[];
  screens: readonly (readonly [path: string, Screen: ComponentType])[];
}

const PRIVATE_AREAS: readonly PrivateArea[] = [
  {
    roles: ROUTE_ROLES.dashboard,
    screens: [
      [ROUTES.dashboard, DashboardPage],
      [ROUTES.home, HomePage],
    ],
  },
  { roles: ROUTE_ROLES.account, screens: [[`${ROUTES.account}/*`, AccountRoutes]] },
  { roles: ROUTE_ROLES.admin, screens: [[`${ROUTES.admin}/*`, AdminRoutes]] },
  {
    roles: ROUTE_ROLES.rolesPermission,
    screens: [
      [ROUTES.fleetOwnerPermissions, FleetOwnerPermissionPage],
      [ROUTES.dealerPermissions, DealerPermissionPage],
    ],
  },
  { roles: ROUTE_ROLES.report, screens: [[`${ROUTES.report}/*`, ReportRoutes]] },
  { roles: ROUTE_ROLES.analytics, screens: [[ROUTES.analytics, AnalyticsPage]] },
  { roles: ROUTE_ROLES.zones, screens: [[`${ROUTES.zones}/*`, ZoneRoutes]] },
  { roles: ROUTE_ROLES.webhooks, screens: [[`${ROUTES.webhooks}/*`, WebhookRoutes]] },
  { roles: ROUTE_ROLES.entities, screens: ENTITY_AREAS.map((area) => [`${area}/*`, ENTITY_SCREENS[area]] as const) },
];

/**
 * Starts loading the code of the entity area a page opens on, alongside the session checks that
 * must answer before it renders (a reload or a link straight to /vehicle does not wait for both),
 * and, for a signed-in user, what the area preloads for that page.
 */
export function preloadScreenAt(pathname: string): void {
  const area = ENTITY_AREAS.find((each) => pathname === each || pathname.startsWith(`${each}/`));
  if (!area) return;
  ENTITY_MODULES[area]().then(
    (module) => {
      if (readToken()) module.preload?.(pathname);
    },
    // The page's own import fails the same way and offers a reload; this head start has nothing to add.
    () => undefined,
  );
}

/** The route table of part 1 §2.1/§2.2; the paths themselves live in routing/routes.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.logout} element={<LogoutPage />} />
        <Route path={ROUTES.oidc} element={<OidcPage />} />
        <Route path={ROUTES.register} element={<RegisterPage />} />
        <Route path={`${ROUTES.activate}/:key?`} element={<ActivatePage />} />
        <Route path={ROUTES.resetRequest} element={<ResetRequestPage />} />
        <Route path={`${ROUTES.resetFinish}/:key?`} element={<ResetFinishPage />} />

        {PRIVATE_AREAS.map(({ roles, screens }, index) => (
          <Route key={index} element={<PrivateRoute roles={roles} />}>
            {screens.map(([path, Screen]) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
          </Route>
        ))}

        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
