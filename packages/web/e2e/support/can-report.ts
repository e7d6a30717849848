import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { expect, expectVisible } from './fixtures';
import type { Api } from './people';
import { deviceCredential, sendReadings as sendDeviceReadings, type Reading } from './readings';

/**
 * Helpers of the CAN report tests (part 2 §2 report screens): readings sent the way a device sends
 * them, the report page's pickers driven as a user drives them, and exported workbooks read back.
 */

export interface ReportVehicle {
  id: number;
  friendlyName: string;
  name: string;
}

/** A demo vehicle by name, as GET api/canreport/vehicles offers it to the administrator. */
export async function reportVehicle(api: Api, name: string): Promise<ReportVehicle> {
  const vehicles = await api.call<ReportVehicle[]>('GET', '/api/canreport/vehicles');
  const found = vehicles.find((v) => v.friendlyName.startsWith(`${name} - VIN: `));
  if (!found) throw new Error(`no vehicle '${name}' among ${vehicles.length} report vehicles`);
  return found;
}

/**
 * Stores readings for a vehicle through the device door (docs/telemetry-protocol.md) with a fresh
 * device token. Storage is idempotent on (vehicle, ts), so a repeated run stores each reading once.
 */
export async function sendReadings(api: Api, vehicleId: number, readings: Reading[]): Promise<void> {
  await sendDeviceReadings(await deviceCredential(api, vehicleId), readings);
}

/** Local midnight `days` days before today (the pickers work in the browser's, i.e. this machine's, time zone). */
export function daysAgo(days: number): Date {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - days);
  return d;
}

/** Opens a filter picker, types into its filter box and chooses the options named, then closes it. */
export async function choose(
  page: Page,
  testId: string,
  filterPlaceholder: string,
  labels: string[],
  filter?: string,
): Promise<void> {
  await page.getByTestId(testId).click();
  const list = page.getByTestId(`${testId}-list`);
  await expectVisible(list);
  if (filter !== undefined) await list.getByPlaceholder(filterPlaceholder, { exact: true }).fill(filter);
  for (const label of labels) await list.getByRole('option', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => list.isVisible()).toBe(false);
}

/** The header texts of an AG Grid, left to right. */
export async function headerTexts(page: Page, testId: string): Promise<string[]> {
  const cells = await page
    .getByTestId(testId)
    .locator('.ag-header-row-column .ag-header-cell')
    .evaluateAll((elements) =>
      elements.map((cell) => ({
        index: Number(cell.getAttribute('aria-colindex')),
        text: (cell as HTMLElement).innerText.trim(),
      })),
    );
  return cells.sort((a, b) => a.index - b.index).map((c) => c.text);
}

/** Clicks a column header's label (AG Grid sorts on it). */
export const headerCell = (page: Page, testId: string, colId: string): Locator =>
  page.getByTestId(testId).locator(`.ag-header-cell[col-id="${colId}"] .ag-header-cell-label`);

export interface SheetContent {
  header: unknown[];
  rows: unknown[][];
}

/** The first worksheet of an xlsx: its header row and its data rows, as ExcelJS reads the values. */
export async function readWorkbook(bytes: Buffer): Promise<SheetContent> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const [header, ...rows] = values;
  return { header, rows };
}
