/**
 * Serialises a write that takes what has changed when it starts. Called while a write is under way,
 * it waits for that one and then starts another, so its promise settles only once what changed
 * before the call is written (or the write failed); calls made meanwhile share the one waiting.
 */
export function oneWriteAtATime(write: () => Promise<void>): () => Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  const start = () => {
    waiting = undefined;
    return (writing = write());
  };
  return () => (waiting ??= writing.then(start, start));
}
