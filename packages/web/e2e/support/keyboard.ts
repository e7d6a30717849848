import type { Locator, Page } from 'playwright-core';
import { expect, WAIT_MS } from './fixtures';
import { animationsEnded } from './layout';

/** What an element shows of itself: its focus ring (outline, shadow), border and background. */
type Look = string;

/** Names a focused element for a reader: its test id, else its label, else its tag and text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return (
      el.getAttribute('data-testid') ??
      el.getAttribute('aria-label') ??
      `${el.tagName.toLowerCase()}:${(el.innerText || (el as HTMLInputElement).value || '').trim().slice(0, 30)}`
    );
  });

/** The focused element's look now, and a handle to compare it with once focus has moved on. */
const lookOfFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const w = window as unknown as { __tabbed?: HTMLElement[] };
    (w.__tabbed ??= []).push(el);
    // The parent too: an input inside a bordered wrapper shows its focus on the wrapper (:focus-within).
    return [el, el.parentElement ?? el]
      .map((e) => getComputedStyle(e))
      .map((s) =>
        [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|'),
      )
      .join('/');
  });

/** The looks of the elements `lookOfFocus` saw, now that none of them has the focus. */
const restingLooks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __tabbed?: HTMLElement[] };
    const looks = (w.__tabbed ?? []).map((el) =>
      [el, el.parentElement ?? el]
        .map((e) => getComputedStyle(e))
        .map((s) =>
          [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|'),
        )
        .join('/'),
    );
    // The focus goes back where Tab left it, for the caller to go on from there.
    w.__tabbed?.at(-1)?.focus();
    w.__tabbed = [];
    return looks;
  });

/**
 * Presses Tab `count` times and returns what each press focused, checking that every one of them
 * looked different while it had the focus (a focus ring, a border, a shadow): focus a user can see.
 * The focus then leaves them all while their resting looks are read (a modal's trap brings Tab
 * back to its first field, so no element of theirs may keep it), and returns to the last one.
 */
export async function tabThrough(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  const focused: Look[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    names.push(await describeFocus(page));
    await animationsEnded(page);
    focused.push(await lookOfFocus(page));
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await animationsEnded(page);
  const resting = await restingLooks(page);
  const unseen = names.filter((_, i) => focused[i] === resting[i]);
  expect(unseen, 'elements whose focus cannot be seen').toEqual([]);
  return names;
}

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the element after ${max} presses (last: ${await describeFocus(page)})`);
}

/** Waits until the focus is inside `scope`. */
export async function expectFocusWithin(scope: Locator): Promise<void> {
  await expect.poll(() => scope.evaluate((el) => el.contains(document.activeElement)), { timeout: WAIT_MS }).toBe(true);
}
