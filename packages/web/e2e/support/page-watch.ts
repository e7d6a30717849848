import type { Page, Request } from 'playwright-core';

/**
 * Watches one page for what a user should never meet on a normal path: a request that failed (no
 * answer, or an answer of 400 or more) and an error in the console or uncaught in the page. `begin`
 * starts a new visit: what requests of an earlier visit do later (cancelled by the navigation) is not
 * counted against the new one.
 */
export function watchPage(page: Page) {
  let visit = 0;
  let problems: string[] = [];
  const visitOf = new WeakMap<Request, number>();
  const note = (line: string) => problems.push(line);
  const where = (url: string) => {
    const u = new URL(url);
    return u.origin === new URL(page.url() || url).origin ? u.pathname + u.search : url;
  };

  page.on('request', (request) => visitOf.set(request, visit));
  page.on('requestfailed', (request) => {
    if (visitOf.get(request) !== visit) return;
    // The browser cancelled it (a navigation, an unmounted map's worker): nobody was refused anything.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    note(`failed ${request.method()} ${where(request.url())}: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (visitOf.get(response.request()) !== visit || response.status() < 400) return;
    note(`${response.status()} ${response.request().method()} ${where(response.url())}`);
  });
  page.on('console', (message) => {
    // The location names the resource of a "Failed to load resource" line, which the text does not.
    if (message.type() === 'error')
      note(`console error: ${message.text()} (${where(message.location().url || page.url())})`);
  });
  page.on('pageerror', (error) => note(`uncaught: ${error.stack ?? error.message}`));

  return {
    begin() {
      visit += 1;
      problems = [];
    },
    /** What went wrong since `begin`. */
    problems: () => [...problems],
  };
}
