import { describe } from 'vitest';
import { expect, expectPath, expectVisible, screenshot, signIn, test } from './support/fixtures';
import { Api, assignToFleet, createDealer, createFleet, freeVehicles, runId } from './support/people';

/**
 * A refused call answers 403, and a refused read shows the access-denied page, so what a role-permission toggle
 * forbids is not offered at all (docs/permissions.md): the screens leave the action or panel out.
 */
describe('screens follow the role-permission toggles', () => {
  test("a dealer without 'Unassign Vehicle', 'Warning Logs' or 'Vehicle CAN Details' is not offered them and stays signed in", async ({
    page,
  }) => {
    const api = await Api.signIn();
    const run = runId('T');
    const dealer = await createDealer(api, run);
    const fleet = await createFleet(api, run, dealer.id);
    const [vehicle] = await freeVehicles(api, 1);
    await assignToFleet(api, fleet.id, [vehicle]);
    await api.call('PUT', '/api/role-permissions/ROLE_DEALER', {
      permissions: { unassignVehicle: false, 'assignVehicle.warningLogs': false },
    });
    try {
      await signIn(page, { email: dealer.email, password: 'Dealer-123' }, `/fleet/${fleet.id}`);
      await expectVisible(page.getByTestId('assign-vehicle'));
      expect(await page.getByTestId('unassign-vehicle').count()).toBe(0);

      await page.goto(`/vehicle/${vehicle.id}`);
      await expectVisible(page.getByTestId('vehicle-info'));
      expect(await page.getByTestId('warning-log').count()).toBe(0);
      await screenshot(page, 'role-toggles-dealer-detail');

      await api.call('PUT', '/api/role-permissions/ROLE_DEALER', {
        permissions: { 'assignVehicle.canDetails': false },
      });
      await page.reload();
      await expectVisible(page.getByTestId('can-details-withheld'));
      expect(await page.getByTestId('vehicle-info').count()).toBe(0);
      // Still signed in, still on the page.
      await expectPath(page, `/vehicle/${vehicle.id}`);
      await expectVisible(page.getByTestId('app-header'));
      // Battery health, charging sessions and zone visits are CAN details too: withheld, while the trips stay.
      await page.getByTestId('tab-battery').click();
      await expectVisible(page.getByTestId('battery-withheld'));
      await expectVisible(page.getByTestId('trips'));
      expect(await page.getByTestId('charging-sessions').count()).toBe(0);
      expect(await page.getByTestId('zone-visits').count()).toBe(0);
      await expectPath(page, `/vehicle/${vehicle.id}?tab=battery`);
      await expectVisible(page.getByTestId('app-header'));
    } finally {
      await api.call('PUT', '/api/role-permissions/ROLE_DEALER', {
        permissions: { unassignVehicle: true, 'assignVehicle.warningLogs': true, 'assignVehicle.canDetails': true },
      });
    }
  });
});
