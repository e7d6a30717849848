/** A QoS 1 or 2 message read and not yet acknowledged. */
export interface Unacked {
  messageId: number;
  /** Its acknowledgement's first byte: PUBACK (QoS 1) or PUBREC (QoS 2). */
  kind: typeof PUBACK | typeof PUBREC;
  done: boolean;
}
export const PUBACK = 0x40;
export const PUBREC = 0x50;

/** MQTT 3.1.1 PUBACKs (or PUBRECs) of pending[from..to): 4 bytes each (type, length 2, message id). */
function pubacks(pending: Unacked[], from: number, to: number): Buffer {
  const out = Buffer.allocUnsafe(4 * (to - from));
  for (let i = from, at = 0; i < to; i++, at += 4) {
    out[at] = pending[i].kind;
    out[at + 1] = 2;
    out.writeUInt16BE(pending[i].messageId, at + 2);
  }
  return out;
}

/**
 * The PUBACKs of one connection (a client's to its broker, or evfleet's to a device), sent in the order the messages came, each once its message is
 * handled: a broker may take a PUBACK as acknowledging the messages before it too, so one handled
 * early waits for those before it. The PUBACKs a commit releases leave together at the end of the
 * tick, in one write.
 */
export function createAckQueue(write: (pubacks: Buffer) => void, flushed: (unacked: number) => void) {
  // Read from `first` on: shift() on an array of thousands copies it every time.
  const pending: Unacked[] = [];
  let first = 0;
  let flushQueued = false;

  const flush = () => {
    flushQueued = false;
    let last = first;
    while (last < pending.length && pending[last].done) last++;
    if (last > first) write(pubacks(pending, first, last));
    first = last;
    if (first >= 1024) {
      pending.splice(0, first);
      first = 0;
    }
    flushed(pending.length - first);
  };

  return {
    /** Queues a message's PUBACK; returns its entry, to be marked done. */
    add(messageId: number, kind: Unacked['kind'] = PUBACK): Unacked {
      const entry = { messageId, kind, done: false };
      pending.push(entry);
      return entry;
    },
    /** The messages read and not yet acknowledged. */
    unacked: () => pending.length - first,
    /** The message is handled: its PUBACK leaves once those before it have. */
    done(entry: Unacked) {
      entry.done = true;
      if (!flushQueued) {
        flushQueued = true;
        process.nextTick(flush);
      }
    },
  };
}
