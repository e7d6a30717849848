import type { Page } from 'playwright-core';

/**
 * The texts of the ticks of a chart's name axis (a recharts chart in `testId`), top to bottom. A
 * name too long for the axis is drawn as lines (a tspan each), read as one with spaces between, as
 * a person reads it: a run id a character longer than usual wrapped a name and failed a CI run.
 */
export const nameTicks = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.recharts-yAxis .recharts-cartesian-axis-tick text')
    .evaluateAll((ticks) =>
      ticks
        .map((tick) => {
          const lines = Array.from(tick.querySelectorAll('tspan'), (line) => line.textContent ?? '');
          return { y: tick.getBoundingClientRect().y, text: lines.length ? lines.join(' ') : (tick.textContent ?? '') };
        })
        .sort((a, b) => a.y - b.y)
        .map((tick) => tick.text),
    );

/** Bars actually drawn (one without length is no bar). */
export const drawnBars = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.recharts-bar-rectangle path')
    .evaluateAll(
      (paths) =>
        paths.filter((path) => {
          const box = path.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        }).length,
    );
