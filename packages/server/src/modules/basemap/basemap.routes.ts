import { basename, dirname } from 'node:path';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../http/errors.js';

/** Where the street basemap is served: one stable address, whatever the operator named the file. */
export const BASEMAP_PATH = '/map/basemap.pmtiles';
/** The browser reads the archive a tile at a time; an hour of caching spares repeated ranges, and the ETag catches a replaced file. */
const CACHE_MAX_AGE = '1h';

/**
 * GET map/basemap.pmtiles: the operator's PMTiles archive (MAP_PMTILES), read by the maps in byte
 * ranges (a regional extract runs to gigabytes; a tile is a few kilobytes of it). Public like the
 * outlines: a basemap is public data, and only this one file is ever served, by a fixed name.
 * Ranges follow RFC 9110 through @fastify/send: one range answers 206, a range past the end or
 * unreadable 416, and several ranges the whole file (a server may ignore such a Range header).
 */
export const basemapRoutes =
  (archive: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASEMAP_PATH,
      {
        config: { access: 'public' },
        schema: { summary: 'The street basemap (a PMTiles archive), in byte ranges', tags: ['map'] },
      },
      async (request, reply) => {
        if (!archive) throw notFound('A street basemap (MAP_PMTILES)');
        const sent = await send(request.raw, encodeURIComponent(basename(archive)), {
          root: dirname(archive),
          dotfiles: 'allow',
          index: false,
          maxAge: CACHE_MAX_AGE,
        });
        if (sent.type === 'file') return reply.code(sent.statusCode).headers(sent.headers).send(sent.stream);
        if (sent.statusCode === 416)
          throw new HttpError(416, 'The requested range lies outside the basemap.', {
            headers: { 'content-range': String(sent.headers['Content-Range']) },
          });
        // Gone since start-up (moved, or replaced by a folder): nothing else is served in its place.
        throw notFound('The street basemap');
      },
    );
  };
