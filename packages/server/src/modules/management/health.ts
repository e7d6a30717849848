import type { Health } from '@evfleet/domain';
import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { MailDispatcher } from '../../mail/dispatcher.js';
import type { MqttTransport } from '../../telemetry/mqtt/mqtt.js';

type Component = NonNullable<Health['components']>[string];

/** Below this much free space the data directory is reported DOWN: readings would soon stop. */
const DISK_THRESHOLD_BYTES = 512 * 1024 * 1024;

interface HealthSources {
  database: Database;
  /** The streaming replica reports read from (DATABASE_READ_URL), when there is one. */
  replica?: Database;
  mail: MailDispatcher;
  /** null: MQTT is switched off (MQTT_PORT=0), undefined: not started yet. */
  mqtt: () => MqttTransport | null | undefined;
  mqttDescription: string;
  dataDir: string;
}

/** SMTP is asked at most this often; load balancers poll health every few seconds. */
const SMTP_CHECK_MS = 30_000;

/** The data directory, or the nearest folder above it that exists yet (it is made on first write). */
function existing(path: string): string {
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  return path;
}

const failure = (err: unknown): Component => ({
  status: 'DOWN',
  details: { error: err instanceof Error ? err.message : String(err) },
});

/** The health of what the portal depends on: database, MQTT broker, mail, disk. */
export function createHealth(sources: HealthSources) {
  const db = async (): Promise<Component> => {
    try {
      await sources.database.ping();
      return { status: 'UP', details: { database: sources.database.kind } };
    } catch (err) {
      return failure(err);
    }
  };

  /** A replica down fails every report and export; its lag says how old the readings they show are. */
  const replica = async (read: Database): Promise<Component> => {
    try {
      const {
        rows: [row],
      } = await read.db.execute<{ recovering: boolean; lag: number | null }>(
        sql`select pg_is_in_recovery() as recovering,
                   extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as lag`,
      );
      return { status: 'UP', details: { streaming: row?.recovering ?? false, lagSeconds: row?.lag ?? null } };
    } catch (err) {
      return failure(err);
    }
  };

  const broker = (): Component => {
    const mqtt = sources.mqtt();
    if (mqtt === null) return { status: 'UP', details: { transport: 'HTTP only (MQTT off)' } };
    if (mqtt === undefined) return { status: 'UNKNOWN', details: { transport: sources.mqttDescription } };
    const details = { transport: sources.mqttDescription };
    // Partitioned: how many partitions this instance holds now (docs/scaling.md).
    if (mqtt.partitions !== undefined) Object.assign(details, { partitions: mqtt.partitions });
    return { status: mqtt.connected ? 'UP' : 'DOWN', details };
  };

  let smtpChecked: { at: number; check: Promise<void> } | null = null;
  const smtp = () => {
    if (!smtpChecked || Date.now() - smtpChecked.at > SMTP_CHECK_MS)
      smtpChecked = { at: Date.now(), check: sources.mail.verify() };
    return smtpChecked.check;
  };

  const mail = async (): Promise<Component> => {
    try {
      const pending = await sources.database.db.$count(mailOutbox, isNull(mailOutbox.sentAt));
      // Without SMTP mails go to the log, which always works; with SMTP the server must answer.
      if (sources.mail.transport === 'smtp') await smtp();
      return { status: 'UP', details: { transport: sources.mail.transport, pending } };
    } catch (err) {
      return failure(err);
    }
  };

  const disk = async (): Promise<Component> => {
    try {
      const s = await statfs(existing(sources.dataDir));
      const free = s.bavail * s.bsize;
      return {
        status: free > DISK_THRESHOLD_BYTES ? 'UP' : 'DOWN',
        details: { path: sources.dataDir, total: s.blocks * s.bsize, free, threshold: DISK_THRESHOLD_BYTES },
      };
    } catch (err) {
      return failure(err);
    }
  };

  return async (): Promise<Health> => {
    const components: Record<string, Component> = {
      db: await db(),
      ...(sources.replica && { replica: await replica(sources.replica) }),
      broker: broker(),
      mail: await mail(),
      disk: await disk(),
    };
    const down = Object.values(components).some((c) => c.status === 'DOWN');
    return { status: down ? 'DOWN' : 'UP', components };
  };
}
