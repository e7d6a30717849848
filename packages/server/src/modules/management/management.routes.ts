import { isAdmin } from '@evfleet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, caller } from '../../auth/guard.js';
import type { Database } from '../../db/client.js';
import { accountsRepository } from '../../auth/accounts.repository.js';
import type { BuildInfo } from './build-info.js';

interface Deps {
  database: Database;
  build: BuildInfo;
  profiles: string[];
  /** Handed to the browser so the maps can draw real tiles (MAP_TILE_URL). */
  mapTiles?: { url: string; attribution?: string };
  /** Where the maps read the street basemap (MAP_PMTILES), relative to the API base; unset without one. */
  mapPmtilesUrl?: string;
  /** The trackers' listeners' ports (null: off), which the tracker forms tell the installer. */
  trackerPorts: { teltonika: number | null; teltonikaTls: number | null; osmand: number | null };
}

export const managementRoutes =
  ({ database, build, profiles, mapTiles, mapPmtilesUrl, trackerPorts }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The "application profile" call of the start-up (part 1 §9): the ribbon label and the version.
    app.get('/management/info', { config: { access: 'public' } }, () => ({
      activeProfiles: profiles,
      'display-ribbon-on-profiles': 'dev',
      build: { version: build.appVersion },
      ...(mapTiles && { mapTileUrl: mapTiles.url, mapTileAttribution: mapTiles.attribution }),
      ...(mapPmtilesUrl && { mapPmtilesUrl }),
    }));

    /** The sidebar footer: code versions and sources only for users with 'Roles And Permission'. */
    app.get('/api/app-info', { config: { access: ANY_SIGNED_IN } }, async (req) => {
      const user = caller(req);
      const pages = await accountsRepository.pagesOf(
        database.db,
        isAdmin(user.authorities) ? ['ROLE_ADMIN'] : user.authorities,
      );
      const versions = { appVersion: build.appVersion, backendVersion: build.backendVersion, trackerPorts };
      if (!pages.some((p) => p.page === 'Roles And Permission')) return versions;
      return {
        ...versions,
        codeVersion: build.codeVersion,
        databaseSource: database.source,
        signalSource: build.signalSource,
      };
    });
  };
