import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

/**
 * HAProxy (Debian's package) balancing HTTP and WebSocket over `backends`, checking each one's
 * health as a load balancer in front of evfleet does (docs/operations.md); with `tcpBackends`
 * (host:port), a TCP frontend too, as trackers' connections are balanced.
 */
export async function startHaproxy(backends: string[], tcpBackends: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'evfleet-haproxy-'));
  const port = await freePort();
  const tcpPort = tcpBackends.length ? await freePort() : 0;
  const tcp = tcpBackends.length
    ? [
        'frontend trackers',
        '  mode tcp',
        `  bind 127.0.0.1:${tcpPort}`,
        '  default_backend tracker_instances',
        'backend tracker_instances',
        '  mode tcp',
        '  balance leastconn',
        ...tcpBackends.map((b, i) => `  server t${i + 1} ${b} check inter 500 fall 2 rise 1`),
      ]
    : [];
  writeFileSync(
    join(dir, 'haproxy.cfg'),
    [
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      // A health answer waits for the database: a loaded instance is not taken out for being slow.
      '  timeout check 5s',
      'frontend portal',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /management/health',
      ...backends.map((b, i) => `  server i${i + 1} ${new URL(b).host} check inter 500 fall 3 rise 1`),
      ...tcp,
    ].join('\n') + '\n',
  );
  const child = spawn('/usr/sbin/haproxy', ['-f', join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/management/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    /** The trackers' frontend (0 without `tcpBackends`). */
    tcpPort,
    stop() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
