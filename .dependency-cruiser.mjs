// The layering of evfleet, checked by `npm run check:layers` (dependency-cruiser).
// Every rule holds with no exception: a new violation fails `npm run check`. docs/architecture.md says
// the same layering in words.

const server = '^packages/server/src/';
const modules = `${server}modules/`;
const web = '^packages/web/src/';

/**
 * The rooms below the server's modules, lowest first: each imports only rooms before it, so a room
 * can be read, tested and changed knowing only what lies beneath it.
 */
const ROOMS = [
  ['lib', 'general-purpose pieces with no knowledge of evfleet'],
  ['db', 'the schema, the database client and the messages between instances'],
  ['http', 'error shapes, input rules and list parameters'],
  ['auth', 'tokens, sessions, the guard and who sees what'],
  ['readings', 'the reading model the pipeline and the alerts both stand on'],
  ['mail', 'the outbox, its dispatcher and the account mails'],
  ['events', "what happens to vehicles, put on the webhooks' outbox"],
  ['alerts', 'thresholds in effect and the alert engine, which judge committed readings'],
  ['live', 'the live STOMP feed'],
  ['telemetry', 'the ingest pipeline and its transports'],
  ['demo', 'the demo data and the vehicle simulator'],
];
const lowerRooms = `${server}(${ROOMS.map(([room]) => room).join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means neither file can be read, tested or moved without the other; split out what both need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-not-to-apps',
      comment: 'domain holds the rules both sides share; it knows nothing of the server or the web app.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'domain-is-portable',
      comment:
        "domain runs in Node and in the browser alike: its own files, zod, two Turf modules (the zones' geometry checks) and Flatbush (the zones' spatial index), no Node or browser-only module.",
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: {
        pathNot: [
          '^packages/domain/src/',
          '(^|/)node_modules/zod/',
          '(^|/)node_modules/@turf/(kinks|boolean-point-in-polygon)/',
          '(^|/)node_modules/(flatbush|flatqueue)/',
        ],
      },
    },
    {
      name: 'web-not-to-server',
      comment: 'The web app talks to the server over HTTP only; what both need lives in domain.',
      severity: 'error',
      from: { path: web },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-not-to-web',
      comment: 'The server serves the built web app from disk; it never imports its code.',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/web/' },
    },
    ...ROOMS.map(([room, holds], i) => ({
      name: `room-order-${room}`,
      comment: `${room}/ holds ${holds}; it imports only the rooms below it (${
        ROOMS.slice(0, i)
          .map(([r]) => r)
          .join(', ') || 'none'
      }), never the modules above (the composition root hands it what it needs).`,
      severity: 'error',
      from: { path: `${server}${room}/` },
      to: { path: `${server}(${[...ROOMS.slice(i + 1).map(([r]) => r), 'modules'].join('|')})/` },
    })),
    {
      name: 'lib-is-leaf',
      comment: 'lib/ holds general-purpose code with no knowledge of evfleet: it imports nothing else of the server.',
      severity: 'error',
      from: { path: `${server}lib/` },
      to: { path: server, pathNot: `${server}lib/` },
    },
    {
      name: 'module-through-its-index',
      comment: "A module reaches another module only through that module's public index.ts, never into its files.",
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: { path: modules, pathNot: [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`] },
    },
    {
      name: 'app-through-module-index',
      comment:
        'Above the modules (app.ts, main.ts), a module is reached through the composition root ' +
        "(modules/index.ts) or the module's own index.ts, never its files.",
      severity: 'error',
      from: { path: server, pathNot: [modules, lowerRooms] },
      to: { path: modules, pathNot: [`${modules}index\\.ts$`, `${modules}[^/]+/index\\.ts$`] },
    },
    {
      name: 'feature-not-to-other-feature',
      comment:
        'Features do not reach into each other; what two features share moves to a shared room (components/, api/, session/, routing/, notify/), and what one offers another goes through its index.ts (as server modules do).',
      severity: 'error',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: [`${web}features/$1/`, `${web}features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'shared-not-to-features',
      comment: 'components/, api/, session/, routing/ and notify/ serve every feature, so they cannot depend on one.',
      severity: 'error',
      from: { path: `${web}(components|api|session|routing|notify)/` },
      to: { path: `${web}features/` },
    },
    {
      name: 'app-only-composes',
      comment:
        "app/ composes the portal (the router, the shell, the guards' wiring) from the features and the rooms below; " +
        'only main.tsx, which starts it, imports it. What features share lives in a room below, never in app/.',
      severity: 'error',
      from: { path: web, pathNot: [`${web}app/`, `${web}main\\.tsx$`, `${web}i18n/`] },
      to: { path: `${web}app/` },
    },
    {
      name: 'i18n-only-to-app-catalogue',
      comment:
        "i18n/ names every part's catalogue, app/'s too (the shell's English ships with the first page); " +
        'of app/ it takes that catalogue and nothing else.',
      severity: 'error',
      from: { path: `${web}i18n/` },
      to: { path: `${web}app/`, pathNot: `${web}app/locales/` },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'Production code imports only packages its package.json lists under dependencies.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: '\\.d\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], pathNot: 'node_modules/@types/' },
    },
    {
      name: 'no-orphans',
      comment: 'A file nothing imports and that imports nothing is dead, or an entry point nobody wired up.',
      severity: 'error',
      // public/ holds files the web server hands out as they are (the pre-paint colour-scheme script).
      from: {
        orphan: true,
        pathNot: ['\\.d\\.ts$', '(^|/)[^/]+\\.config\\.(js|cjs|mjs|ts)$', '^packages/web/public/'],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^packages/[^/]+/(dist|drizzle|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    // Reuses the last run's result for files that have not changed: a re-run takes seconds, not half a minute.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
