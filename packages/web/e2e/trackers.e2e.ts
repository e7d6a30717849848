import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { ADMIN, expect, expectVisible, screenshot, signIn, test, textOf, WAIT_MS } from './support/fixtures';
import { Api, dialog, expectToast, runId } from './support/people';
import { FakeTracker, newImei, teltonikaPort } from './support/teltonika';
import { createVehicle, vehicleOwners, type OwnVehicle } from './support/vehicles';

/**
 * Trackers a fleet already owns (docs/devices.md), end to end: an administrator registers a
 * Teltonika tracker on a vehicle; a fake tracker connects over TCP and sends an IO element the
 * built-in profile does not map; the Device profiles page lists it, maps it, and stops listing it;
 * a command typed on the vehicle reaches the tracker as Codec 12 and its answer shows on the page.
 */

/** What an FMB tracker answers `getinfo` (Teltonika's Codec page has one like it). */
const GETINFO_ANSWER =
  'RTC:2026/11/29 10:15 Init:2026/11/29 9:02 UpTime:4473s PWR:PwrVoltage RST:0 GPS:3 SAT:9 TTFF:21';

let admin: Api;
let run: string;
let vehicle: OwnVehicle;
let builtIn: { id: number; name: string };
const trackers: FakeTracker[] = [];

beforeAll(async () => {
  admin = await Api.signIn(ADMIN);
  run = runId('trk');
  const owners = await vehicleOwners(admin, run);
  vehicle = await createVehicle(admin, owners, `Tracker Cart ${run}`, `TRK${run}`.toUpperCase().slice(0, 17));
  const profiles = await admin.call<{ id: number; name: string; builtIn: boolean }[]>('GET', '/api/device-profiles');
  builtIn = profiles.find((profile) => profile.builtIn)!;
});

afterAll(() => {
  for (const tracker of trackers) tracker.close();
});

/** The IMEI with its check digit one off: 15 digits the Luhn check refuses. */
const wrongCheckDigit = (imei: string) => `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;

/** Scrolls the page so that `locator` is in the middle of the window (for a screenshot of it). */
const inView = (locator: Locator) => locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));

async function openTrackerModal(page: Page, name: string) {
  await page.getByTestId('tracker-edit').click();
  const modal = dialog(page, `Tracker of ${name}`);
  await expectVisible(modal);
  return modal;
}

describe('trackers (docs/devices.md)', () => {
  test('an administrator registers a Teltonika tracker, maps what it sends and sends it a command', async ({
    page,
  }) => {
    const imei = newImei();
    // An element id the built-in profile does not map (it maps Teltonika's standard ids, all below 20000).
    const io = 20_000 + Math.floor(Math.random() * 9_000);

    await signIn(page, ADMIN, `/vehicle/${vehicle.id}`);
    const card = page.getByTestId('tracker-card');
    await expectVisible(card.getByTestId('tracker-none'));

    // The IMEI's check digit is checked as the field is left, before anything is sent.
    const modal = await openTrackerModal(page, vehicle.name);
    await modal.getByTestId('tracker-protocol').selectOption('teltonika');
    const identifier = modal.getByTestId('tracker-identifier');
    await identifier.fill(wrongCheckDigit(imei));
    await identifier.blur();
    await expectVisible(modal.getByText('must be 15 digits with a valid check digit (Luhn)', { exact: true }));
    await screenshot(page, 'tracker-modal-imei-refused');
    await identifier.fill(imei);
    await expect
      .poll(() => modal.getByText('must be 15 digits with a valid check digit (Luhn)').count(), { timeout: WAIT_MS })
      .toBe(0);
    // Without a profile of its own the tracker reads by the built-in one, and the hint names the port.
    await expect.poll(() => modal.getByTestId('tracker-profile').inputValue()).toBe(String(builtIn.id));
    // This portal's own Teltonika port, as the server tells it.
    await expect.poll(() => textOf(modal.getByTestId('tracker-hint'))).toContain(`Port ${teltonikaPort()} · TCP`);
    await screenshot(page, 'tracker-modal-teltonika');
    await modal.getByTestId('entity-save').click();
    await expectToast(page, 'Tracker saved');
    await expect.poll(() => modal.count()).toBe(0);
    expect(await textOf(card.getByTestId('tracker-id'))).toBe(imei);
    expect(await textOf(card.getByTestId('tracker-profile-name'))).toBe(builtIn.name);
    expect(await textOf(card.getByTestId('tracker-last-connected'))).toBe('Never connected');
    expect(await textOf(page.getByTestId('commands-empty'))).toBe('No commands sent yet.');

    // The tracker connects and sends its external voltage (mapped) and the element nobody mapped.
    const tracker = await FakeTracker.connect(imei);
    trackers.push(tracker);
    expect(
      await tracker.sendRecord([
        [66, 2, 12_600],
        [io, 2, 4321],
      ]),
    ).toBe(1);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('tracker-last-connected').innerText(), { timeout: WAIT_MS })
      .not.toBe('Never connected');
    expect(await textOf(page.getByTestId('tracker-last-address'))).toContain('127.0.0.1');
    await inView(card);
    await screenshot(page, 'tracker-section');

    // The server gathers unmapped elements for a few seconds before it writes them.
    await expect
      .poll(
        async () =>
          (await admin.call<{ io: number }[]>('GET', `/api/device-profiles/${builtIn.id}/unmapped`)).some(
            (element) => element.io === io,
          ),
        { timeout: WAIT_MS },
      )
      .toBe(true);

    // Administration → System → Device profiles: the built-in profile lists the element as unmapped.
    await page.goto('/admin/device-profiles');
    await expectVisible(page.getByTestId(`profile-open-${builtIn.id}`));
    await screenshot(page, 'device-profiles-list');
    await page.getByTestId(`profile-open-${builtIn.id}`).click();
    await expectVisible(page.getByTestId('profile-title'));
    const unmapped = page.getByTestId(`unmapped-${io}`).filter({ hasText: vehicle.name });
    await expectVisible(unmapped);
    expect(await textOf(unmapped)).toContain('raw 4321');
    await screenshot(page, 'device-profile-unmapped');

    // Map: a row for the element, the cursor in its signal.
    await page.getByTestId(`unmapped-map-${io}`).click();
    const row = page.locator(`[data-testid^="mapping-row-"][data-io="${io}"]`);
    await expectVisible(row);
    const signal = row.locator('[data-testid^="mapping-signal-"]');
    await expect.poll(() => signal.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('auxProbe');
    await page.keyboard.press('Escape');
    // A badge, written in capitals.
    expect(await textOf(unmapped)).toMatch(/in the table/i);
    await screenshot(page, 'device-profile-mapping');
    await page.getByTestId('profile-save').click();
    await expectToast(page, `Mappings of ${builtIn.name} saved`);
    await expect.poll(() => page.getByTestId(`unmapped-${io}`).count(), { timeout: WAIT_MS }).toBe(0);
    // Stored: a reload shows the row again.
    await page.reload();
    await expect.poll(() => signal.inputValue(), { timeout: WAIT_MS }).toBe('auxProbe');

    // Back on the vehicle: a command goes to the connected tracker and its answer comes back.
    await page.goto(`/vehicle/${vehicle.id}`);
    const command = page.getByTestId('command-text');
    await command.fill('getinfo');
    await command.press('Enter');
    expect(await tracker.readCommand()).toBe('getinfo');
    const sent = page.getByTestId('commands-list').locator('li').first();
    await expect.poll(() => sent.getAttribute('data-status'), { timeout: WAIT_MS }).toBe('sent');
    tracker.answer(GETINFO_ANSWER);
    await expect.poll(() => sent.getAttribute('data-status'), { timeout: WAIT_MS }).toBe('answered');
    // A badge, written in capitals.
    expect(await textOf(sent.getByTestId('command-status'))).toMatch(/^answered$/i);
    expect(await textOf(sent.getByTestId('command-response'))).toBe(GETINFO_ANSWER);
    await inView(sent);
    await screenshot(page, 'tracker-commands');
  });

  test("a phone gets a generated id on the vehicle form, and another vehicle's IMEI is refused", async ({ page }) => {
    const owners = await vehicleOwners(admin, `${run}p`);
    const other = await createVehicle(admin, owners, `Phone Cart ${run}`, `PHN${run}`.toUpperCase().slice(0, 17));
    const taken = newImei();
    await admin.call('PUT', `/api/vehicles/${vehicle.id}/device`, { protocol: 'teltonika', identifier: taken });

    // On the vehicle form a phone is proposed a random id of 20 letters and digits, and where to send.
    await signIn(page, ADMIN, `/vehicle/${other.id}/edit`);
    const section = page.getByTestId('tracker-form-section');
    await section.getByTestId('tracker-protocol').selectOption('osmand');
    const identifier = section.getByTestId('tracker-identifier');
    await expect.poll(() => identifier.inputValue()).toMatch(/^[A-Za-z0-9]{20}$/);
    const proposed = await identifier.inputValue();
    await section.getByTestId('tracker-generate').click();
    await expect.poll(() => identifier.inputValue()).not.toBe(proposed);
    expect(await textOf(section.getByTestId('tracker-server-url'))).toBe('http://127.0.0.1:5055');
    const phoneId = await identifier.inputValue();
    await screenshot(page, 'vehicle-form-tracker-phone');
    await page.getByTestId('vehicle-save').click();
    await expectToast(page, 'Vehicle Updated Successfully');
    await expect
      .poll(async () => admin.call<{ protocol: string; identifier: string }>('GET', `/api/vehicles/${other.id}/device`))
      .toMatchObject({ protocol: 'osmand', identifier: phoneId });

    // On the detail page, the first vehicle's IMEI: refused with the server's reason, the modal stays.
    await page.goto(`/vehicle/${other.id}`);
    expect(await textOf(page.getByTestId('tracker-kind'))).toBe('Phone (Traccar Client)');
    // A phone takes no commands.
    expect(await page.getByTestId('tracker-commands').count()).toBe(0);
    const modal = await openTrackerModal(page, other.name);
    await modal.getByTestId('tracker-protocol').selectOption('teltonika');
    await modal.getByTestId('tracker-identifier').fill(taken);
    await modal.getByTestId('entity-save').click();
    await expectToast(page, 'Another vehicle already has this tracker.');
    await expectVisible(modal);
    await modal.getByTestId('entity-cancel').click();
    expect(await textOf(page.getByTestId('tracker-kind'))).toBe('Phone (Traccar Client)');
  });
});
