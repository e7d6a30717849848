/**
 * The vehicle list in a real browser with 10,000 vehicles on PostgreSQL: the map clusters
 * them and answers clicks, and the grid's 1,000-row page renders without freezing the browser.
 * Seeds 10,000 vehicles with positions across the contiguous US (bench/vehicles-seed.ts), starts the
 * portal as a child process, signs in with Debian's Chromium, then REPEATS times:
 * - map: opens /vehicle and measures, from the navigation, when GET api/vehicles/details has
 *   answered and when the map shows all 10,000 vehicles clustered (the counts of the drawn clusters
 *   and markers add up to 10,000), with the longest main-thread task until 500 ms after; then clicks
 *   the largest cluster and measures until the map has zoomed and drawn the clusters of the new view,
 *   with the longest task meanwhile;
 * - grid: the 1,000-row page of the vehicle grid as bench/people-grid.ts measures the people grids.
 * Goals: clustered within 1 s of opening the page, a cluster click answered within 1 s, and no task
 * over 200 ms. Needs TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
import type { Browser, Page } from 'playwright-core';
import {
  GOAL_MS,
  installGridProbes,
  measureGridPage,
  medianAndMax,
  printGridTable,
  runLine,
  tasksBetween,
  tracedMainThread,
  type BenchWindow,
  type GridScreen,
  type Run,
} from './support/grid-page.js';
import { loadAverages, seededDatabase, withSignedInPortal } from './support/portal.js';
import { BENCH_VEHICLES, seedVehicles } from './vehicles-seed.js';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const MAP_GOAL_MS = 1000;
const SETTLE_MS = 500;
const GRID: GridScreen = {
  name: 'vehicles',
  path: '/vehicle',
  grid: 'vehicles-grid',
  total: BENCH_VEHICLES,
  firstPageSize: 100,
};

interface MapWindow extends BenchWindow {
  /** Every frame: how many vehicles the drawn clusters and markers hold, and when that first reached all. */
  __mapDrawn: number;
  __allDrawnAt?: number;
  __clickAt?: number;
  /** The first frame after the click whose clusters differ from those before it, settled (no change for 300 ms). */
  __redrawnAt?: number;
  __largestCluster: () => { x: number; y: number; count: number } | null;
}

interface MapRun {
  apiMs: number;
  clusteredMs: number;
  loadTask: number;
  /** From Chromium's trace of the opening: the CPU time the page's main thread got until clustered, and in its longest task. */
  loadCpu: number;
  loadTaskCpu: number;
  clickMs: number;
  clickTask: number;
}

/** The map's probes, installed after the grid's (which define the page's `__name`); they watch every frame. */
function installMapProbes(): void {
  const w = window as unknown as MapWindow;
  let signature = '';
  let changedAt = 0;
  const frame = (now: number) => {
    const clusters = [...document.querySelectorAll('[data-testid="map-cluster"]')];
    const markers = document.querySelectorAll('[data-testid="map-marker"]').length;
    w.__mapDrawn = clusters.reduce((sum, el) => sum + Number(el.getAttribute('data-count')), 0) + markers;
    if (
      w.__allDrawnAt === undefined &&
      w.__mapDrawn > 0 &&
      document.querySelector('[data-testid="vehicle-map"]') &&
      w.__mapDrawn >= Number(sessionStorage.getItem('bench-total'))
    )
      w.__allDrawnAt = now;
    const next = `${clusters.length}:${markers}:${clusters.map((el) => el.getAttribute('data-count')).join(',')}`;
    if (next !== signature) {
      signature = next;
      changedAt = now;
    }
    if (w.__clickAt !== undefined && w.__redrawnAt === undefined && changedAt > w.__clickAt && now - changedAt > 300)
      w.__redrawnAt = changedAt;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  document.addEventListener('click', () => (w.__clickAt ??= performance.now()), true);
  w.__largestCluster = () => {
    const clusters = [...document.querySelectorAll('[data-testid="map-cluster"]')];
    const largest = clusters.sort(
      (a, b) => Number(b.getAttribute('data-count')) - Number(a.getAttribute('data-count')),
    )[0];
    if (!largest) return null;
    const box = largest.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, count: Number(largest.getAttribute('data-count')) };
  };
}

async function measureMap(browser: Browser, page: Page): Promise<MapRun> {
  await page.evaluate((total) => sessionStorage.setItem('bench-total', String(total)), BENCH_VEHICLES);
  await browser.startTracing(undefined, { categories: ['toplevel'] });
  await page.goto('/vehicle');
  await page.waitForFunction(() => (window as unknown as MapWindow).__allDrawnAt !== undefined, undefined, {
    timeout: 60_000,
    polling: 'raf',
  });
  const traced = tracedMainThread(await browser.stopTracing());
  await page.waitForTimeout(SETTLE_MS + 100);
  const opened = await page.evaluate(() => {
    const w = window as unknown as MapWindow;
    const api = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('api/vehicles/details')) as PerformanceResourceTiming[];
    return {
      tasks: w.__longTasks,
      drawn: w.__allDrawnAt!,
      apiEnd: api.at(-1)?.responseEnd ?? NaN,
      largest: w.__largestCluster(),
    };
  });
  if (!opened.largest) throw new Error('no cluster drawn');
  await page.mouse.click(opened.largest.x, opened.largest.y);
  await page.waitForFunction(() => (window as unknown as MapWindow).__redrawnAt !== undefined, undefined, {
    timeout: 30_000,
  });
  await page.waitForTimeout(SETTLE_MS);
  const clicked = await page.evaluate(() => {
    const w = window as unknown as MapWindow;
    return { tasks: w.__longTasks, clickAt: w.__clickAt!, redrawnAt: w.__redrawnAt! };
  });
  return {
    apiMs: opened.apiEnd,
    clusteredMs: opened.drawn,
    loadTask: tasksBetween(opened.tasks, 0, opened.drawn + SETTLE_MS).longest,
    loadCpu: traced.totalCpu,
    loadTaskCpu: traced.cpu,
    clickMs: clicked.redrawnAt - clicked.clickAt,
    clickTask: tasksBetween(clicked.tasks, clicked.clickAt, clicked.redrawnAt + SETTLE_MS).longest,
  };
}

// ---- the run

const begun = Date.now();
const loadBefore = loadAverages();
const { databaseUrl, seedSeconds } = await seededDatabase('evfleet_vehicle_map_bench', (db) => seedVehicles(db));
console.log(`seeded ${BENCH_VEHICLES.toLocaleString('en')} vehicles with positions in ${seedSeconds} s`);

const mapRuns: MapRun[] = [];
const gridRuns: Run[] = [];
const consoleMessages = await withSignedInPortal(
  databaseUrl,
  [installGridProbes, installMapProbes],
  async (browser, page) => {
    for (let i = 0; i < REPEATS; i++) {
      const run = await measureMap(browser, page);
      mapRuns.push(run);
      console.log(
        `map #${i + 1}: API answered at ${run.apiMs.toFixed(0)} ms, 10,000 vehicles clustered at ${run.clusteredMs.toFixed(0)} ms (main thread CPU ${run.loadCpu.toFixed(0)} ms), ` +
          `longest task ${run.loadTask.toFixed(0)} ms (${run.loadTaskCpu.toFixed(0)} ms CPU); ` +
          `cluster click answered in ${run.clickMs.toFixed(0)} ms, longest task ${run.clickTask.toFixed(0)} ms`,
      );
    }
    for (let i = 0; i < REPEATS; i++) {
      const run = await measureGridPage(browser, page, GRID);
      gridRuns.push(run);
      console.log(runLine(GRID, i, run));
    }
  },
);

const pick = (key: keyof MapRun) => mapRuns.map((run) => run[key]);
console.log(
  '\n| map of 10,000 vehicles | API answered ms | clustered ms | main-thread CPU until clustered ms | longest task opening ms | its CPU ms | cluster click answered ms | longest task after the click ms |' +
    '\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |' +
    `\n| /vehicle, zoom 3 | ${medianAndMax(pick('apiMs'))} | ${medianAndMax(pick('clusteredMs'))} | ${medianAndMax(pick('loadCpu'))} | ${medianAndMax(pick('loadTask'))} | ${medianAndMax(pick('loadTaskCpu'))} | ${medianAndMax(pick('clickMs'))} | ${medianAndMax(pick('clickTask'))} |`,
);
const worstGridTask = printGridTable(new Map([[GRID, gridRuns]]));
if (consoleMessages.size) console.log(`\nthe page's console warnings and errors:\n${[...consoleMessages].join('\n')}`);

const slowestMap = Math.max(...pick('clusteredMs'), ...pick('clickMs'));
const missed = [
  slowestMap > MAP_GOAL_MS &&
    `the map took ${slowestMap.toFixed(0)} ms to cluster or to answer a click (goal ${MAP_GOAL_MS} ms)`,
  worstGridTask > GOAL_MS && `a grid task took ${worstGridTask.toFixed(0)} ms (goal ${GOAL_MS} ms)`,
].filter(Boolean);
console.log(
  `\n${REPEATS} runs each, ${((Date.now() - begun) / 1000).toFixed(0)} s in all; load average ${loadBefore} before, ${loadAverages()} after`,
);
console.log(
  missed.length
    ? missed.join('; ')
    : `every goal met: clustered and answering within ${MAP_GOAL_MS} ms, no grid task over ${GOAL_MS} ms`,
);
if (missed.length) process.exitCode = 1;
