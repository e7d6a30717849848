/**
 * The parts of the ingestion pipeline the profile summaries (profile-summary.ts, perf-summary.ts)
 * sort CPU time into, matched on a frame's file (or name, for V8's own entries); first match wins.
 */
export const PARTS: [string, RegExp][] = [
  ['idle', /^\(idle\)$/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['program (V8, outside JS)', /^\(program\)$/],
  ['embedded broker (aedes)', /node_modules\/(aedes|aedes-[a-z-]+|qlobber|fastfall|fastseries|reusify|hyperid)\//],
  ['MQTT packets (mqtt-packet)', /node_modules\/(mqtt-packet|bl|readable-stream)\//],
  ['device listener', /telemetry\/mqtt\/(mqtt-broker|device-session)\./],
  ['MQTT consumer', /lib\/mqtt-client\//],
  ['parse thread hand-over', /telemetry\/(parse-thread|parse-worker|parsed-pack)\./],
  // On the parse thread JSON.parse is inlined into parseMessage and shows as its self time.
  ['reading checks', /(readings\/reading|telemetry\/(ingest|message))\./],
  ['reading scanner', /(telemetry\/reading-scanner\/reading-scanner|lib\/decimal-double)\./],
  ['batch writer', /telemetry\/(batch-writer|reading-queue)\./],
  ['binary COPY encoding', /(lib\/pg-copy-binary|telemetry\/reading-store)\./],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-copy-streams)\//],
  ['vehicle states', /telemetry\/vehicle-states\./],
  ['alerts', /\/alerts\/|domain\/.*\/thresholds\./],
  ['trips and charging', /telemetry\/episodes\.|domain\/.*\/(trips|charging|episode|energy)/],
  ['signal minutes', /telemetry\/signal-minutes\./],
  ['daily figures', /daily-stats|day-figures|analytics/],
  ['per-second writes (JSON records)', /db\/json-records\./],
  ['live feed', /\/live\//],
  ['drizzle', /node_modules\/drizzle-orm\//],
  ['Node streams and sockets', /^node:(internal\/)?(stream|net|_stream|streams)/],
  ['module loading (start-up)', /node_modules\/tsx\/|^node:internal\/(modules|bootstrap)\//],
  ['Node other', /^node:/],
];
