import { useCallback, useEffect, useRef } from 'react';
import type { ClusterReply, ClusterRequest } from './cluster-protocol';

/** The cluster index lives in a worker: indexing 10,000 points takes longer than a frame. */
export function useClusterWorker(onReply: (reply: ClusterReply) => void) {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(onReply);
  useEffect(() => {
    latest.current = onReply;
  });
  // Made in an effect (not in render) so that every mount owns a live worker, also when React remounts.
  useEffect(() => {
    const created = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = ({ data }: MessageEvent<ClusterReply>) => latest.current(data);
    worker.current = created;
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, []);
  return useCallback(
    (request: ClusterRequest, transfer: Transferable[] = []) => worker.current?.postMessage(request, transfer),
    [],
  );
}
