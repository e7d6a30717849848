import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { ADMIN, WAIT_MS, authenticate, baseUrl, contextOptions, expect, expectVisible, toasts } from './fixtures';
import { RESULTS_DIR } from './paths';

/**
 * Helpers of the people-screen tests (part 1 §2.4-§2.8): a tiny API client for setting the scene as
 * the administrator, the names of one run, and the grid, dialog and toast handling those screens share.
 */

/** A suffix that keeps one run's people apart from every other run's and test's. */
export function runId(prefix = ''): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A mobile number of `length` digits, different for each call. */
export function mobile(length = 10): string {
  return `9${String(Date.now() % 1e9).padStart(9, '0')}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`.slice(
    0,
    length,
  );
}

/** The REST calls of the server, made with an account's bearer token (as the portal makes them). */
export class Api {
  private constructor(private readonly token: string) {}

  /** POST /api/authenticate; throws with the status when the account may not sign in. */
  static async signIn(account: { email: string; password: string } = ADMIN): Promise<Api> {
    return new Api(await authenticate(account));
  }

  /** Whether the account may sign in now (the status of POST /api/authenticate). */
  static async signInStatus(account: { email: string; password: string }): Promise<number> {
    const response = await fetch(`${baseUrl}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.email, password: account.password }),
    });
    return response.status;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

export interface Named {
  id: number;
  name: string;
  email: string;
}
export interface Vehicle {
  id: number;
  vin: string;
  name: string;
}

export const createDealer = async (api: Api, run: string, label = 'Dealer'): Promise<Named & { company: string }> => {
  const dealer = {
    name: `${label} ${run}`,
    email: `${label.toLowerCase()}-${run}@example.test`,
    mobileNumber: mobile(10),
    company: `${label} Motors ${run}`,
  };
  const created = await api.call<{ id: number }>('POST', '/api/dealers', {
    ...dealer,
    address: 'Default',
    password: 'Dealer-123',
    activation: true,
  });
  return { id: created.id, ...dealer };
};

export const createFleet = async (api: Api, run: string, dealerId: number, label = 'Fleet'): Promise<Named> => {
  const fleet = { name: `${label} ${run}`, email: `${label.toLowerCase()}-${run}@example.test` };
  const created = await api.call<{ id: number }>('POST', '/api/fleets', { ...fleet, dealerId, status: true });
  return { id: created.id, ...fleet };
};

export const createDriver = async (api: Api, run: string, fleetId: number, label = 'Driver'): Promise<Named> => {
  const driver = { name: `${label} ${run}`, email: `${label.toLowerCase()}-${run}@example.test` };
  const created = await api.call<{ id: number }>('POST', '/api/drivers', {
    ...driver,
    mobile: mobile(11),
    address: '1 Test Street',
    fleetId,
    status: true,
  });
  return { id: created.id, ...driver };
};

/**
 * `count` demo vehicles of no dealer and no fleet ('EV Cart 01'..'EV Cart 24', seeded for each run),
 * checked against GET /api/vehicles/details, which names every vehicle to an administrator.
 */
export async function freeVehicles(api: Api, count: number): Promise<Vehicle[]> {
  const free = await api.call<{ data: Vehicle[] }>('GET', '/api/vehicles/unassigned?pageNo=0&pageSize=100');
  const details = await api.call<{ vehicle_id: number; vehicle_name: string; src_ip: string }[]>(
    'GET',
    '/api/vehicles/details',
  );
  const known = new Map(details.map((item) => [item.vehicle_id, item]));
  const demo = free.data.filter((v) => /^EV Cart \d\d$/.test(v.name) && known.get(v.id)?.src_ip === v.vin);
  if (demo.length < count) throw new Error(`only ${demo.length} free demo vehicles are left; ${count} are needed`);
  return demo.slice(0, count);
}

/** PATCH /api/vehicle/assign?isAssigned=true: the vehicles join the fleet (and its dealer). */
export const assignToFleet = (api: Api, fleetId: number, vehicles: Vehicle[]) =>
  api.call('PATCH', '/api/vehicle/assign?isAssigned=true', [{ fleetId, vehicleIds: vehicles.map((v) => v.id) }]);

/** PATCH /api/drivers/assignVehicles: the fleet's vehicles go to its driver. */
export const assignToDriver = (api: Api, driverId: number, vehicles: Vehicle[]) =>
  api.call(
    'PATCH',
    `/api/drivers/assignVehicles?isAssigned=true&driverId=${driverId}&vehicleIds=${vehicles.map((v) => v.id).join(',')}`,
  );

// ---- screens

/** The Mantine modal (role dialog) with this title. */
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

/** Waits for the list title (a screen loads on demand: the URL changes before the old screen goes). */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByTestId('list-title').innerText(), { timeout: WAIT_MS }).toBe(title);
}

/**
 * The rows of an AG Grid, each once: the cells of its centre part. A pinned column (the Action
 * column) draws its cells in a container of its own; `rowActions` finds them.
 */
export const gridRows = (page: Page | Locator, testId: string) =>
  page.getByTestId(testId).locator('.ag-center-cols-container .ag-row');

/** The grid row containing `text` (its centre part). */
export const gridRow = (page: Page | Locator, testId: string, text: string) =>
  gridRows(page, testId).filter({ hasText: text });

/** `text` as an XPath 1.0 string literal, which has no escapes. */
function xpathLiteral(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat('${text.split("'").join(`', "'", '`)}')`;
}

/**
 * The Action cell of the grid row containing `text`, pinned or not. AG Grid draws a pinned cell in
 * another container, so it is joined to its row's centre part by their shared row-index.
 */
export const rowActions = (page: Page | Locator, testId: string, text: string) =>
  page
    .getByTestId(testId)
    .locator(
      `xpath=.//div[@col-id='actions'][ancestor::div[@row-index][1]/@row-index = ` +
        `ancestor::div[@data-testid=${xpathLiteral(testId)}]//div[contains(@class, 'ag-center-cols-container')]` +
        `//div[@row-index][contains(normalize-space(.), ${xpathLiteral(text)})]/@row-index]`,
    );

/** Waits until the grid shows exactly `count` rows (the first page arrives after the grid). */
export async function expectRowCount(page: Page | Locator, testId: string, count: number): Promise<void> {
  await expect.poll(() => gridRows(page, testId).count(), { timeout: WAIT_MS }).toBe(count);
}

/** Waits for the grid's empty-state text (its overlay, not AG Grid's copy for screen readers). */
export async function expectNoRows(page: Page | Locator, testId: string, text: string): Promise<void> {
  const overlay = page.getByTestId(testId).locator('.ag-overlay-no-rows-center');
  await expectVisible(overlay);
  expect(await overlay.innerText()).toBe(text);
  expect(await gridRows(page, testId).count()).toBe(0);
}

/**
 * The texts of one column of the grid, top to bottom as shown: AG Grid keeps a row's element when
 * the row moves, so the order of the elements is not the order on screen (their row-index is).
 */
export async function columnTexts(page: Page | Locator, testId: string, colId: string): Promise<string[]> {
  const rows = await gridRows(page, testId).evaluateAll(
    (elements, col) =>
      elements.map((row) => ({
        index: Number(row.getAttribute('row-index')),
        text: ((row.querySelector(`[col-id="${col}"]`) as HTMLElement | null)?.innerText ?? '').trim(),
      })),
    colId,
  );
  return rows.sort((a, b) => a.index - b.index).map((row) => row.text);
}

/** Ticks the selection checkbox of a grid row. */
export async function selectRow(row: Locator): Promise<void> {
  const box = row.locator('input.ag-checkbox-input');
  await box.click();
  await expect.poll(() => box.isChecked()).toBe(true);
}

/**
 * Waits for the toast with exactly this text and closes it, so that a later toast with the same
 * text is a new one.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = toasts(page)
    .locator('.Toastify__toast')
    .filter({ has: page.getByText(text, { exact: true }) });
  await expectVisible(toast.first());
  await toast.first().locator('.Toastify__close-button').click();
  await expect.poll(() => toast.count(), { timeout: WAIT_MS }).toBe(0);
}

/**
 * A page in a browser context of its own (nothing shared with `page`; `options` over
 * contextOptions), saved as a screenshot when `use` fails.
 */
export async function withFreshPage(
  browser: Browser,
  name: string,
  use: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await browser.newContext({ ...contextOptions, ...options });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  try {
    await use(page);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
  if (pageErrors.length > 0) throw new Error(`Uncaught error in the page:\n${pageErrors.join('\n')}`);
}
