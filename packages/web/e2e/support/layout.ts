import type { Locator, Page } from 'playwright-core';

/** The element's box once it is visible. */
export async function boxOf(locator: Locator) {
  await locator.waitFor({ state: 'visible' });
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box');
  return box;
}

/** The box the page draws in: <main> less the room AppShell keeps for the header and the sidebar. */
export const pageArea = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const box = main.getBoundingClientRect();
    const style = getComputedStyle(main);
    const left = box.x + parseFloat(style.paddingLeft);
    return { x: left, width: box.right - parseFloat(style.paddingRight) - left };
  });

/** Waits for every animation and transition that ends (a modal opening, a border easing into its focus colour). */
export const animationsEnded = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
