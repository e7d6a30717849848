/**
 * `task` run on request, never two runs at once: `now` during a run makes one more run after it
 * (so a change told mid-round is not missed), however many came; `ifIdle` (a timer's round) skips
 * while a run goes on, so a slow database is not stacked on.
 */
export function coalesced(task: () => Promise<void>, failed: (err: unknown) => void) {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void task()
      .catch(failed)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    now: run,
    ifIdle: () => {
      if (!running) run();
    },
  };
}

/** Runs `task` every `ms`, a round slower than that not stacked on by the next; the timer keeps no process alive. */
export function every(ms: number, task: () => Promise<void>, failed: (err: unknown) => void) {
  const timer = setInterval(coalesced(task, failed).ifIdle, ms);
  timer.unref();
  return timer;
}
