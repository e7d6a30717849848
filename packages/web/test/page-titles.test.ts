import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '../src/app/page-titles';

/** A translator that shows which key (and values) a title was made of. */
const t = ((key: string, values?: { page?: string; one?: string }) =>
  key === 'title.page' ? values?.page : values?.one ? `${key}(${values.one})` : key) as unknown as TFunction<'app'>;

describe('documentTitle: the name of each page', () => {
  it.each([
    ['/login', 'title.login'],
    ['/oidc', 'title.oidc'],
    ['/account/activate', 'title.activate'],
    ['/account/activate/abc', 'title.activate'],
    ['/account/reset/finish/key', 'title.resetFinish'],
    ['/', 'title.dashboard'],
    ['/account/settings', 'title.accountSettings'],
    ['/admin/user-management', 'title.adminUsers'],
    ['/admin/device-profiles', 'title.deviceProfiles'],
    ['/admin/device-profiles/4', 'title.deviceProfile'],
    ['/admin/metrics', 'title.metrics'],
    ['/admin/docs', 'title.docs'],
    ['/admin/something-else', 'title.system'],
    ['/roles-permission/dealer-role', 'title.dealerPermissions'],
    ['/report/template', 'title.reportTemplate'],
    ['/analytics', 'title.analytics'],
    ['/webhooks', 'title.webhooks'],
    ['/webhooks/7', 'title.webhook'],
    ['/dealer', 'entity.dealers'],
    ['/dealer/new', 'title.new(entity.dealer)'],
    ['/fleet/3/edit', 'title.edit(entity.fleet)'],
    ['/vehicle-template/3/delete', 'title.delete(entity.vehicleTemplate)'],
    ['/vehicle/3', 'entity.vehicle'],
    ['/nowhere', 'title.notFound'],
  ])('%s is %s', (path, title) => {
    expect(documentTitle(path, t)).toBe(title);
  });
});
