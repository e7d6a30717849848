import { isAdmin } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import type { Database } from '../../db/client.js';
import type { MailDispatcher } from '../../mail/dispatcher.js';
import { usersRepository } from '../users/users.repository.js';
import type { BuildInfo } from './build-info.js';

interface Deps {
  database: Database;
  mail: MailDispatcher;
  build: BuildInfo;
  profiles: string[];
  /** Handed to the browser so the maps can draw real tiles (MAP_TILE_URL). */
  mapTiles?: { url: string; attribution?: string };
}

const check = async (probe: () => Promise<unknown>) => {
  try {
    await probe();
    return { status: 'UP' as const };
  } catch (err) {
    return { status: 'DOWN' as const, error: err instanceof Error ? err.message : String(err) };
  }
};

export const managementRoutes =
  ({ database, mail, build, profiles, mapTiles }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/management/health', { config: { access: 'public' } }, async (_req, reply) => {
      const components = {
        db: { ...(await check(database.ping)), details: { database: database.kind } },
        mail: { status: 'UP' as const, details: { transport: mail.transport } },
      };
      const up = Object.values(components).every((c) => c.status === 'UP');
      return reply.status(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', components });
    });

    // The "application profile" call of the start-up (part 1 §9): the ribbon label and the version.
    app.get('/management/info', { config: { access: 'public' } }, () => ({
      activeProfiles: profiles,
      'display-ribbon-on-profiles': 'dev',
      build: { version: build.appVersion },
      ...(mapTiles && { mapTileUrl: mapTiles.url, mapTileAttribution: mapTiles.attribution }),
    }));

    /** The sidebar footer: code versions and sources only for users with 'Roles And Permission'. */
    app.get('/api/app-info', { config: { access: ANY_SIGNED_IN } }, async (req) => {
      const user = caller(req);
      const pages = await usersRepository.pagesOf(database.db, isAdmin(user.authorities) ? ['ROLE_ADMIN'] : user.authorities);
      const versions = { appVersion: build.appVersion, backendVersion: build.backendVersion };
      if (!pages.some((p) => p.page === 'Roles And Permission')) return versions;
      return { ...versions, codeVersion: build.codeVersion, databaseSource: database.source, signalSource: build.signalSource };
    });
  };
