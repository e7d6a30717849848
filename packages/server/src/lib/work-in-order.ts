/**
 * Runs pieces of work one at a time, in the order they are handed in: a tracker whose batches must
 * reach its memory in commit order. A failed piece fails its own caller and does not stop those after it.
 */
export function workInOrder() {
  let chain: Promise<void> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const run = chain.then(work);
      chain = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    /** Settles once everything handed in so far has finished. */
    idle: () => chain,
  };
}
