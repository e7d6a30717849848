/**
 * CPU time of the processes a benchmark runs (Linux /proc), so a run can say where the two cores
 * went per reading: on a shared machine readings/s move with the load, CPU per reading much less.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** Fields after the command name (which may hold spaces): state is [0], ppid [1], utime [11], stime [12]. */
const statFields = (pid: number | string): string[] | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process has ended
  }
};

/** User + system CPU seconds of the processes, those that have ended counting nothing. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const f = statFields(pid);
    if (f) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** User and system (kernel) CPU seconds of each thread of a process, by thread id (the main thread's is the pid). */
export function threadCpuSeconds(pid: number): Map<number, { user: number; system: number }> {
  const threads = new Map<number, { user: number; system: number }>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads; // the process has ended
  }
  for (const tid of tids) {
    const f = statFields(`${pid}/task/${tid}`);
    if (f)
      threads.set(Number(tid), { user: Number(f[11]) / TICKS_PER_SECOND, system: Number(f[12]) / TICKS_PER_SECOND });
  }
  return threads;
}

/** The PostgreSQL server's processes: the postmaster and its children (backends, writers). */
export async function postgresPids(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(`select pg_backend_pid() as pid`);
  const postmaster = Number(statFields(rows[0].pid)?.[1]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === postmaster);
  return [postmaster, ...children];
}

/**
 * A process's read and write system calls, the bytes they carried, and how often its main thread
 * slept (voluntary context switches: an event loop waiting in epoll for its next event), so a run
 * can say how many readings each socket read and each wake-up carried. Zeros once it has ended.
 */
export function ioCounts(pid: number) {
  const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
    return {
      reads: field(io, 'syscr'),
      readBytes: field(io, 'rchar'),
      writes: field(io, 'syscw'),
      sleeps: field(status, 'voluntary_ctxt_switches'),
    };
  } catch {
    return { reads: 0, readBytes: 0, writes: 0, sleeps: 0 };
  }
}
