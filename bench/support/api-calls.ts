/**
 * What the API benchmarks share: the server's configuration for a bench database, and timing calls
 * through the real HTTP application (app.inject: routing, guard, scope, the queries,
 * serialisation) into a table of p50, p95 and max against a p95 goal.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../packages/server/src/config.js';

/** The server's configuration on the database `url`: no device listeners, quiet logs. */
export const benchConfig = (url: string) =>
  loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    TELTONIKA_PORT: '0',
    OSMAND_PORT: '0',
    DATA_DIR: '/tmp/evfleet-bench',
  });

/** A call to time: its name in the table, its URL and authorization, and what its answer says in a few words. */
export interface TimedCall {
  name: string;
  url: string;
  authorization: string;
  answer: (body: unknown) => string;
}

export interface CallFigures {
  name: string;
  answer: string;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Each call 5 times to warm up, then `rounds` times measured; a call not answering 200 stops the bench. */
export async function timeCalls(app: FastifyInstance, calls: TimedCall[], rounds: number): Promise<CallFigures[]> {
  const figures: CallFigures[] = [];
  for (const { name, url, authorization, answer } of calls) {
    const call = () => app.inject({ url, headers: { authorization } });
    for (let i = 0; i < 5; i++) await call();
    const times: number[] = [];
    let said = '';
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const res = await call();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i === 0) said = answer(res.json());
    }
    times.sort((x, y) => x - y);
    figures.push({ name, answer: said, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! });
  }
  return figures;
}

/** Prints the figures as a Markdown table and whether every p95 is under the goal; sets a failing exit code if not. */
export function reportCalls(figures: CallFigures[], goalMs: number, rounds: number) {
  console.log(`\n| call | answer | p50 ms | p95 ms | max ms |\n| --- | --- | ---: | ---: | ---: |`);
  for (const r of figures)
    console.log(`| ${r.name} | ${r.answer} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);
  const slow = figures.filter((r) => r.p95 >= goalMs);
  console.log(
    slow.length
      ? `\n${slow.length} call(s) at or above the ${goalMs} ms p95 goal`
      : `\nevery call under the ${goalMs} ms p95 goal (${rounds} rounds each)`,
  );
  if (slow.length) process.exitCode = 1;
}
