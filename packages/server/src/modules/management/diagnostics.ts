import type { Diagnostics } from '@evfleet/domain';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const round = (share: number) => Math.round(share * 1000) / 1000;
const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 1e4) / 100;

/**
 * What a JVM thread dump answered for the original portal, for a Node process: how late the event
 * loop runs, how busy it is, what keeps it alive and how much memory it holds.
 */
export function createDiagnostics(sources: { parseThreadUtilization: () => number | null }) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let lastUtilization = performance.eventLoopUtilization();

  return {
    delay,
    snapshot(): Diagnostics {
      const now = performance.eventLoopUtilization();
      const utilization = performance.eventLoopUtilization(now, lastUtilization).utilization;
      lastUtilization = now;
      const parseThread = sources.parseThreadUtilization();
      const resources: Record<string, number> = {};
      for (const name of process.getActiveResourcesInfo()) resources[name] = (resources[name] ?? 0) + 1;
      const cpu = process.cpuUsage();
      return {
        node: process.version,
        pid: process.pid,
        uptimeSeconds: Math.round(process.uptime()),
        eventLoopDelayMs: {
          min: ms(delay.min),
          mean: ms(delay.mean),
          p50: ms(delay.percentile(50)),
          p90: ms(delay.percentile(90)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
        },
        eventLoopUtilization: round(utilization),
        parseThreadUtilization: parseThread === null ? null : round(parseThread),
        activeResources: resources,
        memory: { ...process.memoryUsage() },
        cpu: { userMicros: cpu.user, systemMicros: cpu.system },
      };
    },
    close: () => delay.disable(),
  };
}
export type DiagnosticsProbe = ReturnType<typeof createDiagnostics>;
