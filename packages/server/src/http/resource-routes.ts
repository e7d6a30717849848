import { listResponse, type ListResponse, type PageQuery, type Role } from '@evfleet/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagParam, idParams, pageQuery, searchTerm } from './list-params.js';

/** The instance a routes plugin is given, its schemas typed by zod. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The service behind a resource's calls, as its routes see it; `By` is the caller the routes name. */
export interface ResourceService<By, Item, Create, Update, Row> {
  /** A page of the records the caller sees; an empty term matches all. */
  page(by: By, term: string, page: PageQuery): Promise<ListResponse<Row>>;
  get(by: By, id: number): Promise<Item>;
  create(by: By, input: Create): Promise<Item>;
  update(by: By, input: Update): Promise<Item>;
  /** `force` is the DELETE's ?delete=true of a resource that takes it, false otherwise. */
  remove(by: By, id: number, force: boolean): Promise<void>;
}

/** A query schema holding the page: `pageQuery`, or one with the resource's own page sizes. */
type PageQuerySchema = z.ZodObject<{ pageNo: z.ZodType<number>; pageSize: z.ZodType<number> }>;

/** What tells one resource's calls from another's. */
export interface Resource<By, Item, Create, Update, Row> {
  /** '/api/dealers': the list, POST and PUT there, one record at {path}/{id}, the search at {path}/search. */
  path: string;
  /** Who calls, for the service (auth's `caller`: this room stands below the guard). */
  caller: (req: FastifyRequest) => By;
  item: z.ZodType<Item>;
  create: z.ZodType<Create>;
  update: z.ZodType<Update>;
  readers: readonly Role[];
  writers: readonly Role[];
  /**
   * The list and the search: their rows (`item` unless a row is less than the record), their paging
   * (`pageQuery` unless the resource has page sizes of its own), the search term's query key, and
   * `trailingSlash` where the spec also writes the search as {path}/search/.
   */
  list: { row?: z.ZodType<Row>; pages?: PageQuerySchema; search: 'name' | 'searchKey'; trailingSlash?: boolean };
  /** A delete's answer: 204 and no body, or 200 and {}; `force`: it takes ?delete=true (default false). */
  deleted: { status: 200 | 204; force?: boolean };
}

/** The search's query: the page, and the term under the key the spec names (the fleets' is searchKey). */
const searchQuery = (pages: PageQuerySchema, key: 'name' | 'searchKey') =>
  key === 'name' ? pages.extend({ name: searchTerm }) : pages.extend({ searchKey: searchTerm });

/** A delete's query: ?delete=true where the resource takes it; otherwise nothing the call reads. */
const deleteQuery = (force: boolean | undefined) =>
  force ? z.object({ delete: flagParam.default(false) }) : z.object({});

/**
 * The calls every record resource of the spec answers alike (part 1 §7, part 2 §7): GET {path}
 * (a page), GET {path}/search, GET {path}/{id}, POST {path} (201), PUT {path}, DELETE {path}/{id}.
 * Each checks its input and its answer against the resource's schemas; the service decides the rest.
 */
function registerResource<By, Item, Create, Update, Row>(
  app: FastifyInstance,
  service: ResourceService<By, Item, Create, Update, Row>,
  r: Resource<By, Item, Create, Update, Row>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: r.readers };
  const write = { access: r.writers };
  const pages = r.list.pages ?? pageQuery;
  const list = { 200: listResponse(r.list.row ?? r.item) };
  const one = { 200: r.item };

  api.get(r.path, { config: read, schema: { querystring: pages, response: list } }, (req) =>
    service.page(r.caller(req), '', req.query),
  );
  const search = { config: read, schema: { querystring: searchQuery(pages, r.list.search), response: list } };
  const searchPaths = r.list.trailingSlash ? [`${r.path}/search`, `${r.path}/search/`] : [`${r.path}/search`];
  for (const path of searchPaths)
    api.get(path, search, (req) =>
      service.page(r.caller(req), 'name' in req.query ? req.query.name : req.query.searchKey, req.query),
    );

  api.get(`${r.path}/:id`, { config: read, schema: { params: idParams, response: one } }, (req) =>
    service.get(r.caller(req), req.params.id),
  );
  // The body schemas have checked the bodies; the type provider cannot tell a generic body from undefined.
  api.post(r.path, { config: write, schema: { body: r.create, response: { 201: r.item } } }, async (req, reply) =>
    reply.status(201).send(await service.create(r.caller(req), req.body as Create)),
  );
  api.put(r.path, { config: write, schema: { body: r.update, response: one } }, (req) =>
    service.update(r.caller(req), req.body as Update),
  );
  api.delete(
    `${r.path}/:id`,
    { config: write, schema: { params: idParams, querystring: deleteQuery(r.deleted.force) } },
    async (req, reply) => {
      await service.remove(r.caller(req), req.params.id, 'delete' in req.query && req.query.delete);
      return r.deleted.status === 204 ? reply.status(204).send() : {};
    },
  );
}

/**
 * The plugin of a resource: its common calls, then `more`, the calls of its own (a dealer's
 * unassigned list, a vehicle's status), registered on the same instance.
 */
export const resourceRoutes =
  <By, Item, Create, Update, Row>(
    service: ResourceService<By, Item, Create, Update, Row>,
    r: Resource<By, Item, Create, Update, Row>,
    more?: (app: ZodApp) => Promise<void> | void,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    registerResource(app, service, r);
    await more?.(app);
  };
