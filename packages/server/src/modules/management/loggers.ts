import type { LogLevel } from '@evfleet/domain';
import type { FastifyBaseLogger } from 'fastify';

const TO_PINO: Record<LogLevel, string> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
  OFF: 'silent',
};
const FROM_PINO: Record<string, LogLevel> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  fatal: 'ERROR',
  silent: 'OFF',
};
export const ROOT_LOGGER = 'ROOT';

/**
 * Named loggers whose levels an administrator changes at run time (management/loggers). Each area
 * of the server logs through its own pino child; a child without a level of its own follows ROOT.
 */
export function createLoggers(root: FastifyBaseLogger) {
  const children = new Map<string, { logger: FastifyBaseLogger; configured: LogLevel | null }>();
  let rootConfigured: LogLevel | null = null;

  const level = (logger: FastifyBaseLogger): LogLevel => FROM_PINO[logger.level] ?? 'INFO';

  return {
    /** The logger of one area (e.g. 'evfleet.telemetry'), created on first use. */
    get(name: string): FastifyBaseLogger {
      let entry = children.get(name);
      if (!entry) {
        entry = { logger: root.child({ logger: name }), configured: null };
        children.set(name, entry);
      }
      return entry.logger;
    },
    list() {
      const loggers: Record<string, { configuredLevel: LogLevel | null; effectiveLevel: LogLevel }> = {
        [ROOT_LOGGER]: { configuredLevel: rootConfigured, effectiveLevel: level(root) },
      };
      for (const [name, { logger, configured }] of [...children].sort(([a], [b]) => a.localeCompare(b))) {
        loggers[name] = { configuredLevel: configured, effectiveLevel: level(logger) };
      }
      return loggers;
    },
    has: (name: string) => name === ROOT_LOGGER || children.has(name),
    /** null takes the logger back to following ROOT (for ROOT: the level it started with). */
    set(name: string, configured: LogLevel | null, startLevel: string) {
      if (name === ROOT_LOGGER) {
        rootConfigured = configured;
        root.level = configured ? TO_PINO[configured] : startLevel;
        for (const child of children.values()) if (!child.configured) child.logger.level = root.level;
        return;
      }
      const child = children.get(name);
      if (!child) return;
      child.configured = configured;
      child.logger.level = configured ? TO_PINO[configured] : root.level;
    },
  };
}
export type Loggers = ReturnType<typeof createLoggers>;
