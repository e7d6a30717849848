/**
 * Calls that ask for the same key while one is already running share its result instead of
 * running again. Nothing is kept after the call settles, so an answer is never older than the
 * request that joined it by more than one call's duration.
 */
export function singleFlight<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const inFlight = new Map<K, Promise<V>>();
  return (key) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = load(key).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
