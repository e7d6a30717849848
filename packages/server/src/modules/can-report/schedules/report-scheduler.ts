import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../http/errors.js';
import { enqueueMail } from '../../../mail/outbox.js';
import type { CanReportService } from '../report/can-report.service.js';
import type { ReportExport } from '../report/report-access.js';
import { reportSchedulesRepository as repo } from './report-schedules.repository.js';
import { nextRunAfter, periodOf } from './schedule-period.js';

/** Larger files are not attached (mail servers refuse them); the mail says to download the report instead. */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
const BATCH = 10;
const REFUSALS: Record<number, string> = {
  403: "the template's owner may no longer export CAN history.",
  404: "the vehicle is no longer visible to the template's owner.",
};

type Due = Awaited<ReturnType<typeof repo.due>>[number];

/** The xlsx in memory, or null past the limit (the writer still finishes, bounded by the 7-day period). */
async function collect(report: ReportExport): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size <= MAX_ATTACHMENT_BYTES) chunks.push(chunk);
      done();
    },
  });
  await report.write(sink);
  return size <= MAX_ATTACHMENT_BYTES ? Buffer.concat(chunks) : null;
}

export interface ReportScheduler {
  /** Runs every due schedule now (also what the timer does). */
  runDue(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Mails saved templates on their schedules. The file is built first, then one transaction moves the
 * schedule to its next period with a compare-and-set and puts the mails in the outbox: with several
 * instances exactly one commits each period, and a crash before the commit leaves the run due, so
 * the next start (of any instance) makes it again. Periods missed while every instance was down are
 * not caught up: the first due run is made, the next one is the next future slot.
 */
export function createReportScheduler(opts: {
  db: Db;
  reports: CanReportService;
  mailQueued: () => void;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): ReportScheduler {
  const { db, reports, log } = opts;

  const attachmentOf = async (due: Due, by: AuthUser, period: ReturnType<typeof periodOf>) => {
    const { template } = due;
    try {
      const report = await reports.exportFor(
        by,
        { vehicleId: template.vehicleId, columns: template.columns, start: period.start, end: period.end },
        `${template.templateName} ${period.label}.xlsx`,
      );
      const content = await collect(report);
      return content
        ? { attachment: { name: report.fileName.replace(/[\\/]/g, '-'), content }, note: 'The report is attached.' }
        : { note: 'The report is too large to attach; download it from the portal.' };
    } catch (err) {
      // The owner lost sight of the vehicle or the right to export, or a signal is no longer known: say so rather than retry forever.
      if (err instanceof HttpError)
        return { note: `The report could not be made: ${REFUSALS[err.status] ?? err.message}` };
      throw err;
    }
  };

  const run = async (due: Due) => {
    const { schedule, template, vehicle, owner } = due;
    const zone = vehicle.timeZone;
    const seen = schedule.nextRunAt;
    const by: AuthUser = { id: owner.id, login: owner.login, authorities: await repo.authorities(db, owner.id) };
    const period = periodOf(seen.getTime(), schedule.period as 'DAILY' | 'WEEKLY', zone);
    const { attachment, note } = await attachmentOf(due, by, period);
    const next = nextRunAfter(
      Math.max(Date.now(), seen.getTime()),
      { period: schedule.period as 'DAILY' | 'WEEKLY', weekday: schedule.weekday, hour: schedule.hour },
      zone,
    );
    const subject = `CAN report ${template.templateName}: ${vehicle.name} (${vehicle.vin}), ${period.label}`;
    const body = `${note}\n\nVehicle: ${vehicle.name} (${vehicle.vin})\nPeriod: ${period.label}, midnight to midnight in ${zone}\nSignals: ${template.columns.join(', ')}\n`;
    const claimed = await db.transaction(async (tx) => {
      if (!(await repo.claim(tx, schedule.id, seen, next))) return false;
      for (const to of schedule.recipients)
        await enqueueMail(tx, { to, subject, body, kind: 'can-report', attachment });
      return true;
    });
    if (claimed) opts.mailQueued();
  };

  const runDue = async () => {
    for (const due of await repo.due(db, new Date(), BATCH)) {
      try {
        await run(due);
      } catch (err) {
        log.error({ err, scheduleId: due.schedule.id }, 'scheduled CAN report failed; it stays due');
      }
    }
  };

  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runDue()
      .catch((err) => log.error({ err }, 'report schedules could not be read'))
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? 60_000);
  timer.unref();

  return {
    runDue: tick,
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
