import type { Locator, Page } from 'playwright-core';
import { ADMIN, USER } from './fixtures';
import { Api, assignToDriver, assignToFleet, createDealer, createDriver, createFleet, dialog, runId } from './people';
import { deviceCredential, sendReadings } from './readings';
import { newImei } from './teltonika';

/**
 * The pages of the portal for the every-page walk (e2e/every-page.e2e.ts): each route of
 * routing/routes.ts and the areas' *Routes.tsx, with real ids made through the API, as a role that may
 * open it. A new page belongs here.
 */

export interface PortalPage {
  /** Names the page in the test and its screenshot: lower-case words joined by '-'. */
  name: string;
  /** Where it is; a function when it names a record of the scene. */
  path: string | ((scene: Scene) => string);
  /** The page's main content, visible once it has loaded. */
  ready: (page: Page) => Locator;
  /** Sets the scene in the browser before the page opens (what an earlier page would have stored). */
  before?: (page: Page, scene: Scene) => Promise<void>;
  /** Opens what the page is about after it loads (a create modal), returning what then shows. */
  open?: (page: Page) => Promise<Locator>;
}

export interface Account {
  email: string;
  password: string;
}

/** The records one walk opens: its own, so the detail and edit pages show something real. */
export interface Scene {
  accounts: { dealer: Account; fleetOwner: Account; driver: Account };
  dealerId: number;
  fleetId: number;
  driverId: number;
  vehicleId: number;
  canId: string;
  vehicleLogId: number;
  emailTemplateId: number;
  notificationId: number;
  carId: number;
  vehicleTemplateId: number;
  reportTemplateId: number;
  /** A webhook of the fleet's vehicles, whose page lists its deliveries. */
  webhookId: number;
  /** The built-in device profile, whose mappings page the walk opens. */
  deviceProfileId: number;
  /** What the report page hands the result page (its criteria-store). */
  reportCriteria: { columns: string[]; startDate: string; endDate: string; vehiclesIds: number[] };
}

const PASSWORD = 'Walk-12345';

/** Who and what the pages are about: the accounts of the other roles, their records, and a reading. */
type Cast = Pick<Scene, 'accounts' | 'dealerId' | 'fleetId' | 'driverId' | 'vehicleId'> & { readAt: number };

/** The names of the records the scene adds to its cast. */
interface RecordNames {
  vehicleLog: string;
  emailTemplate: string;
  notificationList: string;
  notificationEmail: string;
  car: string;
  vehicleTemplate: string;
  reportTemplate: string;
  webhookUrl: string;
}

/**
 * Everything the pages show, made as the administrator. The walk makes a cast of its own (one
 * reading sent as the device), so each run's pages are its own; photographed (`npm run
 * screenshots`, whose portal writes the demo history) the pages show the demo fleet instead.
 */
export async function buildScene(demo: boolean): Promise<Scene> {
  const admin = await Api.signIn(ADMIN);
  if (demo) return sceneOf(admin, await demoCast(admin), DEMO_RECORD_NAMES);
  const run = runId('walk');
  return sceneOf(admin, await walkCast(admin, run), {
    vehicleLog: 'Walk check',
    emailTemplate: 'Walk {vehicleName}',
    notificationList: `Walk list ${run}`,
    notificationEmail: `walk-${run}@example.test`,
    car: `Walk car ${run}`,
    vehicleTemplate: `Walk template ${run}`,
    reportTemplate: `Walk report ${run}`,
    webhookUrl: `https://hooks.example.test/${run}`,
  });
}

/** A dealer, fleet and driver of the walk's own, with a vehicle that has a tracker and one reading. */
async function walkCast(admin: Api, run: string): Promise<Cast> {
  const dealer = await createDealer(admin, run, 'WalkDealer');
  const fleet = await createFleet(admin, run, dealer.id, 'WalkFleet');
  const driver = await createDriver(admin, run, fleet.id, 'WalkDriver');
  for (const person of [fleet, driver])
    await admin.call('POST', '/api/account/update-password-prototype', {
      email: person.email,
      newPassword: PASSWORD,
      confirmNewPassword: PASSWORD,
    });

  const templates = await admin.call<{ data: { id: number }[] }>('GET', '/api/vehicle-templates?pageNo=0&pageSize=1');
  const vehicleName = `Walk Cart ${run}`;
  const vin = `WALK${run}`.toUpperCase().slice(0, 17);
  const { id: vehicleId } = await admin.call<{ id: number }>('POST', '/api/vehicles', {
    name: vehicleName,
    vin,
    dealerId: dealer.id,
    templateId: templates.data[0].id,
    cells: 32,
    timeZone: 'America/Denver',
    status: true,
  });
  const vehicle = { id: vehicleId, vin, name: vehicleName };
  await assignToFleet(admin, fleet.id, [vehicle]);
  await assignToDriver(admin, driver.id, [vehicle]);
  // A Teltonika tracker: the detail page shows it to every role, its commands to the administrator and the dealer.
  await admin.call('PUT', `/api/vehicles/${vehicleId}/device`, { protocol: 'teltonika', identifier: newImei() });
  const readAt = Date.now() - 60_000;
  await sendReadings(await deviceCredential(admin, vehicleId), [
    {
      ts: readAt,
      gpsLat: 39.74,
      gpsLong: -104.99,
      batteryCharge: 64,
      chargeStatus: 0,
      odometer: 1500,
      milesToEmpty: 42,
    },
  ]);
  return {
    accounts: {
      dealer: { email: dealer.email, password: 'Dealer-123' },
      fleetOwner: { email: fleet.email, password: PASSWORD },
      driver: { email: driver.email, password: PASSWORD },
    },
    dealerId: dealer.id,
    fleetId: fleet.id,
    driverId: driver.id,
    vehicleId,
    readAt,
  };
}

/** The demo organisation's password (packages/server/src/demo/demo-fleet.ts). */
const DEMO_PASSWORD = 'demo1234';
/** The demo's first dealer, its first fleet, that fleet's first driver and the driver's vehicle. */
const DEMO = { dealer: 'Dana Dealer', fleet: 'Loop Deliveries', driver: 'Driver 1', vin: 'EVDEMO00000000001' };

const DEMO_RECORD_NAMES: RecordNames = {
  vehicleLog: 'Checked the cabin heater after the cold-start warning',
  emailTemplate: '{band} on {vehicleName} ({vin}): {metric} {value} {unit} at {time}',
  notificationList: 'Loop Deliveries on call',
  notificationEmail: 'dispatch@loop-deliveries.example',
  car: 'Depot runabout',
  vehicleTemplate: 'Utility cart, 32 cells',
  reportTemplate: 'Loop Deliveries, last two hours',
  webhookUrl: 'https://hooks.loop-deliveries.example/evfleet',
};

/** The demo fleet's people and EV Cart 01, with its newest reading. */
async function demoCast(admin: Api): Promise<Cast> {
  const find = async (path: string, name: string) => {
    const { data } = await admin.call<{ data: { id: number; name: string }[] }>('GET', `${path}?pageNo=0&pageSize=100`);
    const found = data.find((row) => row.name === name);
    if (!found) throw new Error(`the demo's ${name} is missing from ${path}`);
    return found.id;
  };
  const details = await admin.call<{ vehicle_id: number; src_ip: string }[]>('GET', '/api/vehicles/details');
  const vehicleId = details.find((v) => v.src_ip === DEMO.vin)?.vehicle_id;
  if (vehicleId === undefined) throw new Error(`the demo vehicle ${DEMO.vin} is missing`);
  const [newest] = await admin.call<{ id: string }[]>(
    'GET',
    `/api/vehicle-cans?page=0&size=1&sort=recordedTime,desc&vehicleId=${vehicleId}`,
  );
  if (!newest) throw new Error(`the demo vehicle ${DEMO.vin} has no readings`);
  const email = (local: string) => `${local}@evfleet.local`;
  return {
    accounts: {
      dealer: { email: email('dealer'), password: DEMO_PASSWORD },
      fleetOwner: { email: email('loop-deliveries'), password: DEMO_PASSWORD },
      driver: { email: email('driver1'), password: DEMO_PASSWORD },
    },
    dealerId: await find('/api/dealers', DEMO.dealer),
    fleetId: await find('/api/fleets', DEMO.fleet),
    driverId: await find('/api/drivers', DEMO.driver),
    vehicleId,
    readAt: Number(newest.id.split('-')[1]),
  };
}

/** The cast and the records each record page opens, named as told. */
async function sceneOf(admin: Api, cast: Cast, names: RecordNames): Promise<Scene> {
  const { readAt, vehicleId, ...people } = cast;
  const post = (path: string, body: unknown) => admin.call<{ id: number }>('POST', path, body);
  const profiles = await admin.call<{ id: number; builtIn: boolean }[]>('GET', '/api/device-profiles');
  const vehicleLog = await post('/api/vehicle-logs', {
    warningType: 'WARNING',
    message: names.vehicleLog,
    vehicle: vehicleId,
  });
  const emailTemplate = await post('/api/email-templates', { template: names.emailTemplate, type: 'WARNING' });
  const notification = await post('/api/notification-lists', {
    name: names.notificationList,
    emails: [names.notificationEmail],
    smsNumbers: [],
    vehicles: [vehicleId],
  });
  const car = await post('/api/cars', { name: names.car });
  const vehicleTemplate = await post('/api/vehicle-templates', {
    name: names.vehicleTemplate,
    description: names.vehicleTemplate,
  });
  const reportCriteria = {
    columns: ['batteryCharge', 'odometer'],
    startDate: new Date(readAt - 2 * 3_600_000).toISOString(),
    endDate: new Date(readAt + 60_000).toISOString(),
    vehiclesIds: [vehicleId],
  };
  const reportTemplate = await post('/api/canreport/saveTemplate', {
    templateName: names.reportTemplate,
    ...reportCriteria,
  });
  const webhook = await post('/api/webhooks', {
    url: names.webhookUrl,
    events: ['alert.raised', 'trip.ended'],
    format: 'json',
    fleetId: people.fleetId,
  });
  return {
    ...people,
    vehicleId,
    canId: `${vehicleId}-${readAt}`,
    vehicleLogId: vehicleLog.id,
    emailTemplateId: emailTemplate.id,
    notificationId: notification.id,
    carId: car.id,
    vehicleTemplateId: vehicleTemplate.id,
    reportTemplateId: reportTemplate.id,
    webhookId: webhook.id,
    deviceProfileId: profiles.find((profile) => profile.builtIn)!.id,
    reportCriteria,
  };
}

const byTestId = (id: string) => (page: Page) => page.getByTestId(id);
const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, exact: true });
/** A grid once it shows its first rows or says it has none. */
const grid = (id: string) => (page: Page) =>
  page.getByTestId(id).locator('.ag-row, .ag-overlay-no-rows-center').first();
const confirmDelete = (page: Page) => dialog(page, 'Confirm delete operation');
const clickThen = (testId: string, then: (page: Page) => Locator) => async (page: Page) => {
  await page.getByTestId(testId).click();
  return then(page);
};

/** The pages a visitor who is not signed in meets. */
export const PUBLIC_PAGES: readonly PortalPage[] = [
  { name: 'login', path: '/login', ready: byTestId('login-form') },
  { name: 'register', path: '/account/register', ready: byTestId('register-login') },
  { name: 'reset-request', path: '/account/reset/request', ready: byTestId('reset-email') },
  { name: 'reset-finish', path: '/account/reset/finish?key=walk-key', ready: byTestId('reset-new-password') },
  { name: 'reset-finish-no-key', path: '/account/reset/finish', ready: byTestId('reset-key-missing') },
  { name: 'activate-no-key', path: '/account/activate', ready: byTestId('activation-failure') },
  { name: 'logout', path: '/logout', ready: byTestId('logout-message') },
  { name: 'single-sign-on-failed', path: '/oidc?error=unverified', ready: byTestId('oidc-error') },
  { name: 'not-found', path: '/no-such-page', ready: byTestId('not-found') },
];

/** The id of a record area's own record in the scene. */
type RecordId = (scene: Scene) => number | string;

/** A record area of part 2 §2: new, detail, edit and (where asked) delete; the list comes apart. */
function recordPages(area: string, id: RecordId, withDelete: boolean): PortalPage[] {
  return [
    { name: `${area}-new`, path: `/${area}/new`, ready: byTestId('record-form') },
    { name: `${area}-detail`, path: (s) => `/${area}/${id(s)}`, ready: byTestId('detail-id') },
    { name: `${area}-edit`, path: (s) => `/${area}/${id(s)}/edit`, ready: byTestId('record-form') },
    ...(withDelete
      ? [{ name: `${area}-delete`, path: (s: Scene) => `/${area}/${id(s)}/delete`, ready: confirmDelete }]
      : []),
  ];
}

/** A record area with its list. */
const recordArea = (area: string, id: RecordId): PortalPage[] => [
  { name: `${area}-list`, path: `/${area}`, ready: grid(`${area}-grid`) },
  ...recordPages(area, id, true),
];

/** Every private page, as the administrator, who may open them all. */
export const ADMIN_PAGES: readonly PortalPage[] = [
  { name: 'dashboard', path: '/', ready: byTestId('dashboard-title') },
  { name: 'home', path: '/home', ready: byTestId('home-greeting') },
  { name: 'analytics', path: '/analytics', ready: byTestId('analytics-title') },
  { name: 'zones-list', path: '/zones', ready: grid('zones-grid') },
  { name: 'zone-new', path: '/zones/new', ready: byTestId('zone-editor') },
  {
    name: 'webhooks-list',
    path: '/webhooks',
    ready: grid('webhooks-grid'),
    open: clickThen('webhook-create', (page) => page.getByRole('dialog')),
  },
  { name: 'webhook-detail', path: (s) => `/webhooks/${s.webhookId}`, ready: grid('webhook-deliveries-grid') },
  { name: 'vehicle-list', path: '/vehicle', ready: grid('vehicles-grid') },
  { name: 'vehicle-new', path: '/vehicle/new', ready: byTestId('vehicle-form-title') },
  { name: 'vehicle-detail', path: (s) => `/vehicle/${s.vehicleId}`, ready: byTestId('vehicle-detail-tabs') },
  {
    name: 'vehicle-tracker-edit',
    path: (s) => `/vehicle/${s.vehicleId}`,
    ready: byTestId('tracker-card'),
    open: clickThen('tracker-edit', (page) => page.getByRole('dialog')),
  },
  { name: 'vehicle-edit', path: (s) => `/vehicle/${s.vehicleId}/edit`, ready: byTestId('vehicle-save') },
  { name: 'vehicle-delete', path: (s) => `/vehicle/${s.vehicleId}/delete`, ready: confirmDelete },
  { name: 'unassigned-vehicles', path: '/vehicle-can', ready: grid('unassigned-grid') },
  // The CAN records list asks for a vehicle before it shows any.
  { name: 'vehicle-can-list', path: '/vehicle-can?view=records', ready: byTestId('vehicle-filter') },
  ...recordPages('vehicle-can', (s) => s.canId, false),
  { name: 'dealer-list', path: '/dealer', ready: grid('dealers-grid') },
  { name: 'dealer-new', path: '/dealer/new', ready: (page) => dialog(page, 'Add Dealer') },
  { name: 'dealer-detail', path: (s) => `/dealer/${s.dealerId}`, ready: byTestId('detail-title') },
  { name: 'dealer-edit', path: (s) => `/dealer/${s.dealerId}/edit`, ready: (page) => page.getByRole('dialog') },
  { name: 'dealer-delete', path: (s) => `/dealer/${s.dealerId}/delete`, ready: confirmDelete },
  {
    name: 'fleet-list',
    path: '/fleet',
    ready: grid('fleets-grid'),
    open: clickThen('add-new', (page) => page.getByRole('dialog')),
  },
  { name: 'fleet-detail', path: (s) => `/fleet/${s.fleetId}`, ready: byTestId('detail-title') },
  { name: 'fleet-delete', path: (s) => `/fleet/${s.fleetId}/delete`, ready: confirmDelete },
  { name: 'driver-list', path: '/driver', ready: grid('drivers-grid') },
  { name: 'driver-new', path: '/driver/new', ready: (page) => page.getByRole('dialog') },
  { name: 'driver-detail', path: (s) => `/driver/${s.driverId}`, ready: byTestId('detail-title') },
  { name: 'driver-edit', path: (s) => `/driver/${s.driverId}/edit`, ready: (page) => page.getByRole('dialog') },
  { name: 'driver-delete', path: (s) => `/driver/${s.driverId}/delete`, ready: confirmDelete },
  {
    name: 'users-page',
    path: '/users-page',
    ready: grid('super-users-grid'),
    open: clickThen('add-new', (page) => page.getByRole('dialog')),
  },
  ...recordArea('email-template', (s) => s.emailTemplateId),
  ...recordArea('vehicle-log', (s) => s.vehicleLogId),
  ...recordArea('car', (s) => s.carId),
  ...recordArea('notification', (s) => s.notificationId),
  { name: 'vehicle-template-list', path: '/vehicle-template', ready: grid('templates-grid') },
  { name: 'vehicle-template-new', path: '/vehicle-template/new', ready: (page) => page.getByRole('dialog') },
  {
    name: 'vehicle-template-detail',
    path: (s) => `/vehicle-template/${s.vehicleTemplateId}`,
    ready: byTestId('detail-title'),
  },
  {
    name: 'vehicle-template-edit',
    path: (s) => `/vehicle-template/${s.vehicleTemplateId}/edit`,
    ready: (page) => page.getByRole('dialog'),
  },
  {
    name: 'vehicle-template-delete',
    path: (s) => `/vehicle-template/${s.vehicleTemplateId}/delete`,
    ready: confirmDelete,
  },
  { name: 'report', path: '/report/can-history-report', ready: byTestId('report-title') },
  {
    name: 'report-result',
    path: '/report/view-result',
    ready: grid('result-grid'),
    // The criteria the report page stores for its result page (features/report/criteria-store.ts).
    before: (page, s) =>
      page.evaluate(
        (criteria) => sessionStorage.setItem('evfleet.canReport.criteria', JSON.stringify(criteria)),
        s.reportCriteria,
      ),
  },
  { name: 'report-template', path: (s) => `/report/template?id=${s.reportTemplateId}`, ready: grid('template-grid') },
  { name: 'permissions-fleet-owner', path: '/roles-permission/fleet-owner', ready: byTestId('permissions-title') },
  { name: 'permissions-dealer', path: '/roles-permission/dealer-role', ready: byTestId('permissions-title') },
  {
    name: 'admin-users',
    path: '/admin/user-management',
    ready: grid('users-grid'),
    open: clickThen('user-create', (page) => page.getByRole('dialog')),
  },
  { name: 'admin-device-profiles', path: '/admin/device-profiles', ready: grid('device-profiles-grid') },
  {
    name: 'admin-device-profile',
    path: (s) => `/admin/device-profiles/${s.deviceProfileId}`,
    ready: byTestId('mappings-table'),
  },
  { name: 'admin-health', path: '/admin/health', ready: heading('Health checks') },
  { name: 'admin-metrics', path: '/admin/metrics', ready: byTestId('http-metrics') },
  { name: 'admin-configuration', path: '/admin/configuration', ready: heading('Configuration') },
  { name: 'admin-audits', path: '/admin/audits', ready: byTestId('audits') },
  { name: 'admin-logs', path: '/admin/logs', ready: byTestId('loggers') },
  { name: 'admin-diagnostics', path: '/admin/diagnostics', ready: byTestId('event-loop-delay') },
  { name: 'admin-api', path: '/admin/docs', ready: byTestId('api-operations') },
  { name: 'account-settings', path: '/account/settings', ready: byTestId('settings-email') },
  { name: 'account-password', path: '/account/password', ready: byTestId('current-password') },
  {
    name: 'account-api-keys',
    path: '/account/api-keys',
    ready: grid('api-keys-grid'),
    open: clickThen('api-key-create', (page) => page.getByRole('dialog')),
  },
  { name: 'account-notifications', path: '/account/notifications', ready: byTestId('this-browser') },
  { name: 'not-found-signed-in', path: '/no-such-page', ready: byTestId('not-found') },
];

/** The pages each other role starts on: where signing in lands (the vehicles), home and dashboard. */
const HOME_PAGES: readonly PortalPage[] = [
  { name: 'vehicle-list', path: '/vehicle', ready: grid('vehicles-grid') },
  { name: 'home', path: '/home', ready: byTestId('home-greeting') },
  { name: 'dashboard', path: '/', ready: byTestId('dashboard-title') },
  { name: 'vehicle-detail', path: (s) => `/vehicle/${s.vehicleId}`, ready: byTestId('vehicle-detail-tabs') },
];

export interface Role {
  role: string;
  account: (scene: Scene) => Account;
  pages: readonly PortalPage[];
}

/** The roles the walk signs in as, each with the pages it opens. */
export const ROLES: readonly Role[] = [
  { role: 'admin', account: () => ADMIN, pages: ADMIN_PAGES },
  { role: 'staff', account: () => USER, pages: HOME_PAGES },
  { role: 'dealer', account: (s) => s.accounts.dealer, pages: HOME_PAGES },
  { role: 'fleet-owner', account: (s) => s.accounts.fleetOwner, pages: HOME_PAGES },
  { role: 'driver', account: (s) => s.accounts.driver, pages: HOME_PAGES },
];

/** The address of a page in this scene. */
export const pathOf = (page: PortalPage, scene: Scene) =>
  typeof page.path === 'string' ? page.path : page.path(scene);
