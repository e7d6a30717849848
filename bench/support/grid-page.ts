/**
 * A 1,000-row page of a server-paged grid in a real browser (bench/people-grid.ts, bench/vehicle-map.ts):
 * with the probes installed before the portal's scripts, choose 1000 in the page-size selector and
 * measure how long until the grid shows the new page and the longest main-thread task meanwhile,
 * then scroll to the bottom row and measure the same. Goal of both benchmarks: no task over 200 ms.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

export const PAGE_SIZE = 1000;
export const GOAL_MS = 200;
/** How long after the rows show (or the bottom row is drawn) long tasks still count: AG Grid and React finish off in later frames. */
const SETTLE_MS = 500;
const WAIT_MS = 30_000;

/** A grid screen: its path, the grid's test id, how many rows the server holds, and the page size it opens with. */
export interface GridScreen {
  name: string;
  path: string;
  grid: string;
  total: number;
  firstPageSize: number;
}

export interface LongTask {
  start: number;
  duration: number;
}
/** What the init script and the probes keep on `window` (all times are the page's performance.now()). */
export interface BenchWindow {
  __longTasks: LongTask[];
  __sizeChosenAt?: number;
  __rowsShownAt?: number;
  __showsFirstPage: (args: PageArgs) => boolean;
}
export interface Run {
  shownMs: number;
  apiMs: number;
  switchTask: number;
  switchBlocking: number;
  scrollMs: number;
  scrollTask: number;
  worstFrameMs: number;
  /** The longest task in Chromium's trace of the scroll: its length and the main thread's CPU time in it. */
  tracedTask: number;
  tracedTaskCpu: number;
  nudges: number;
}

interface PageArgs {
  grid: string;
  size: number;
  total: number;
}

/**
 * Before any of the portal's scripts: the long-task observer (buffered, so nothing before it is lost),
 * a capturing listener that notes when the page-size select changes, and the check of a shown page
 * (kept on window: the portal's CSP allows no eval, so it cannot be sent as text later). tsx compiles
 * this file with esbuild's keepNames, which wraps named functions in `__name(...)`; the page has no
 * such helper, so the first script defines it for the functions this file sends to the page.
 */
export function installGridProbes(): void {
  const w = window as unknown as BenchWindow & { __name?: unknown };
  w.__name = (target: unknown) => target;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'change',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLSelectElement && target.dataset.testid === 'page-size')
        w.__sizeChosenAt = performance.now();
    },
    true,
  );
  // Whether the grid shows page 1 of `size` rows: the row count, the first rows drawn with their data
  // (past the old page's ten), no loading overlay, and the pager's total.
  w.__showsFirstPage = ({ grid, size, total }) => {
    const root = document.querySelector(`[data-testid="${grid}"]`);
    const pager = document.querySelector('[data-testid="pager"]');
    if (!root || !pager) return false;
    const rows = Math.min(size, total);
    // aria-rowcount counts the header row too.
    if (root.querySelector('[aria-rowcount]')?.getAttribute('aria-rowcount') !== String(rows + 1)) return false;
    if (root.querySelector('.ag-overlay:not(.ag-hidden)')) return false; // the loading overlay over the old rows
    for (const index of [0, Math.min(rows, 12) - 1]) {
      const cell = root.querySelector(`.ag-center-cols-container .ag-row[row-index="${index}"] [col-id="name"]`);
      if (!cell?.textContent?.trim()) return false;
    }
    return (pager.textContent ?? '').includes(`Showing 1 - ${rows} of ${total} items.`);
  };
}

const showsFirstPage = (args: PageArgs) => (window as unknown as BenchWindow).__showsFirstPage(args);

/** From now on, every frame until it holds, checks for the new page and notes when it first showed. */
function watchForPage(args: PageArgs): void {
  const w = window as unknown as BenchWindow;
  delete w.__rowsShownAt;
  delete w.__sizeChosenAt;
  const frame = () => {
    if (w.__sizeChosenAt !== undefined && w.__showsFirstPage(args)) w.__rowsShownAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * Scrolls the grid down one grid height per frame (about a drag of the scrollbar from top to bottom in
 * a second) until the last row is drawn with its data. AG Grid keeps its scrollbar and viewport in
 * step and ignores the echo of its own update for 150 ms; after a longer frame the echo can win, the
 * grid keeps the rows of an earlier position and, the viewport resting at the bottom, nothing redraws
 * them. A user would nudge the wheel: so does this (a row up and down again) after 300 ms, and counts it.
 */
function scrollToBottom({
  grid,
  lastIndex,
}: {
  grid: string;
  lastIndex: number;
}): Promise<{ start: number; end: number; worstFrame: number; nudges: number }> {
  const root = document.querySelector(`[data-testid="${grid}"]`) as HTMLElement;
  const viewport = root.querySelector('.ag-body-viewport') as HTMLElement;
  const start = performance.now();
  let previous = start;
  let worstFrame = 0;
  let nudges = 0;
  let atBottomSince: number | undefined;
  return new Promise((resolve, reject) => {
    const frame = (now: number) => {
      worstFrame = Math.max(worstFrame, now - previous);
      previous = now;
      const last = root.querySelector(`.ag-center-cols-container .ag-row[row-index="${lastIndex}"] [col-id="name"]`);
      if (last?.textContent?.trim()) return resolve({ start, end: performance.now(), worstFrame, nudges });
      if (now - start > 20_000)
        return reject(new Error(`row ${lastIndex + 1} not drawn after 20 s at scrollTop ${viewport.scrollTop}`));
      const bottom = viewport.scrollHeight - viewport.clientHeight;
      if (viewport.scrollTop < bottom - 1) {
        viewport.scrollTop = Math.min(viewport.scrollTop + viewport.clientHeight, bottom);
        atBottomSince = undefined;
      } else if (atBottomSince === undefined) {
        atBottomSince = now;
      } else if (now - atBottomSince > 300) {
        viewport.scrollTop = bottom - 50; // a row up; the next frame scrolls down again
        nudges++;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const pageState = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    const api = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('pageSize=1000')) as PerformanceResourceTiming[];
    return { tasks: w.__longTasks, chosen: w.__sizeChosenAt, shown: w.__rowsShownAt, apiEnd: api.at(-1)?.responseEnd };
  });

/** The longest task overlapping [from, to], and the blocking time (each task's part over 50 ms) there. */
export function tasksBetween(tasks: LongTask[], from: number, to: number) {
  const inside = tasks.filter((task) => task.start + task.duration > from && task.start < to);
  return {
    longest: Math.max(0, ...inside.map((task) => task.duration)),
    blocking: inside.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The longest task of the page's main thread in a 'toplevel' trace, with the CPU time the thread got
 * in it (a task much longer than its CPU time waited for a core: other work on the machine), and the
 * CPU time of all its tasks.
 */
export function tracedMainThread(trace: Buffer): { wall: number; cpu: number; totalCpu: number } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter(
    (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mainThreads.has(`${e.pid}:${e.tid}`),
  );
  const longest = tasks.reduce<TraceEvent | undefined>(
    (best, task) => ((task.dur ?? 0) > (best?.dur ?? 0) ? task : best),
    undefined,
  );
  const totalCpu = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  return { wall: (longest?.dur ?? 0) / 1000, cpu: (longest?.tdur ?? 0) / 1000, totalCpu: totalCpu / 1000 };
}

export async function measureGridPage(browser: Browser, page: Page, screen: GridScreen): Promise<Run> {
  await page.goto(screen.path);
  await page.waitForFunction(
    showsFirstPage,
    { grid: screen.grid, size: screen.firstPageSize, total: screen.total },
    { timeout: WAIT_MS, polling: 'raf' },
  );
  await page.waitForTimeout(300); // let the first page's work end before the clock starts
  await page.evaluate(watchForPage, { grid: screen.grid, size: PAGE_SIZE, total: screen.total });
  await page.getByTestId('page-size').selectOption(String(PAGE_SIZE));
  await page.waitForFunction(() => (window as unknown as BenchWindow).__rowsShownAt !== undefined, undefined, {
    timeout: WAIT_MS,
  });
  await page.waitForTimeout(SETTLE_MS + 100);
  const switched = await pageState(page);
  if (switched.chosen === undefined || switched.shown === undefined)
    throw new Error('the page-size change was not seen');
  const switchTasks = tasksBetween(switched.tasks, switched.chosen, switched.shown + SETTLE_MS);

  const lastIndex = Math.min(PAGE_SIZE, screen.total) - 1;
  await browser.startTracing(undefined, { categories: ['toplevel'] });
  const scrolled = await page.evaluate(scrollToBottom, { grid: screen.grid, lastIndex });
  await page.waitForTimeout(SETTLE_MS + 100);
  const traced = tracedMainThread(await browser.stopTracing());
  const { tasks } = await pageState(page);
  return {
    shownMs: switched.shown - switched.chosen,
    apiMs: switched.apiEnd === undefined ? NaN : switched.apiEnd - switched.chosen,
    switchTask: switchTasks.longest,
    switchBlocking: switchTasks.blocking,
    scrollMs: scrolled.end - scrolled.start,
    scrollTask: tasksBetween(tasks, scrolled.start, scrolled.end + SETTLE_MS).longest,
    worstFrameMs: scrolled.worstFrame,
    tracedTask: traced.wall,
    tracedTaskCpu: traced.cpu,
    nudges: scrolled.nudges,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const medianAndMax = (values: number[]) => `${median(values).toFixed(0)} / ${Math.max(...values).toFixed(0)}`;

/** One run, as a line of the log. */
export const runLine = (screen: GridScreen, i: number, run: Run) =>
  `${screen.name} #${i + 1}: rows shown ${run.shownMs.toFixed(0)} ms (API answered at ${run.apiMs.toFixed(0)} ms), longest task ${run.switchTask.toFixed(0)} ms, ` +
  `blocking ${run.switchBlocking.toFixed(0)} ms; scroll to row ${Math.min(PAGE_SIZE, screen.total)} ${run.scrollMs.toFixed(0)} ms, longest task ${run.scrollTask.toFixed(0)} ms (traced: ${run.tracedTask.toFixed(0)} ms, ${run.tracedTaskCpu.toFixed(0)} ms of it on the CPU), longest frame ${run.worstFrameMs.toFixed(0)} ms${run.nudges ? `, stale rows at the bottom (nudged ${run.nudges}x)` : ''}`;

/** The table of docs/performance.md, "1,000-row grid pages in Chromium"; returns the longest task of all runs. */
export function printGridTable(results: Map<GridScreen, Run[]>): number {
  console.log(
    '\n| screen | rows shown ms | API answered ms | longest task switching ms | scroll to row 1,000 ms | longest task scrolling ms | CPU time in the longest task ms | stale-row nudges |' +
      '\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [screen, runs] of results) {
    const pick = (key: keyof Run) => runs.map((run) => run[key]);
    console.log(
      `| ${screen.path} (1,000 of ${screen.total.toLocaleString('en')}) | ${medianAndMax(pick('shownMs'))} | ${medianAndMax(pick('apiMs'))} | ${medianAndMax(pick('switchTask'))} | ` +
        `${medianAndMax(pick('scrollMs'))} | ${medianAndMax(pick('scrollTask'))} | ${medianAndMax(pick('tracedTaskCpu'))} | ${pick('nudges').reduce((a, b) => a + b, 0)} |`,
    );
  }
  console.log('(each cell: median / max of the runs)');
  return Math.max(...[...results.values()].flat().flatMap((run) => [run.switchTask, run.scrollTask]));
}

/** Tells what the page showed when a measurement failed (the grid's state, a screenshot in `dataDir`), kept for a person to look at. */
export async function reportFailure(page: Page | undefined, dataDir: string): Promise<void> {
  console.error('the grid at the failure:', await gridStateAtFailure(page));
  const shot = join(dataDir, 'failure.png');
  if (
    await page?.screenshot({ path: shot, fullPage: true }).then(
      () => true,
      () => false,
    )
  )
    console.error(`the screen at the failure: ${shot}`);
  console.error(`server log and screenshot kept in ${dataDir}`);
}

/** What the page showed when a measurement failed: the grid's row count, overlay, drawn rows and pager. */
function gridStateAtFailure(page: Page | undefined) {
  return page
    ?.evaluate(() => {
      const w = window as unknown as BenchWindow;
      const grid = document.querySelector('[data-testid$="-grid"]');
      return {
        sizeChosenAt: w.__sizeChosenAt,
        rowCount: grid?.querySelector('[aria-rowcount]')?.getAttribute('aria-rowcount'),
        overlay: grid?.querySelector('.ag-overlay')?.outerHTML.slice(0, 300),
        drawnRows: [...(grid?.querySelectorAll('.ag-center-cols-container .ag-row') ?? [])]
          .map((row) => row.getAttribute('row-index'))
          .join(','),
        pager: document.querySelector('[data-testid="pager"]')?.textContent,
        select: document.querySelector('[data-testid="page-size"]')?.outerHTML.slice(0, 200),
      };
    })
    .catch(() => undefined);
}
