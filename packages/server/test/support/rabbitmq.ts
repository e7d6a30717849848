import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

const BIN = '/usr/lib/rabbitmq/bin';

interface RabbitNode {
  name: string;
  amqpPort: number;
  mqttPort: number;
  process: ChildProcess;
}

/**
 * A RabbitMQ cluster of `size` nodes from Debian's package on loopback ports, with the MQTT and
 * consistent-hash exchange plugins: the nodes find each other by the classic peer list and share an
 * Erlang cookie in a throwaway HOME. `kill(i)` ends a node with SIGKILL.
 */
export async function startRabbitCluster(size: number) {
  const dir = mkdtempSync(join(tmpdir(), 'evfleet-rabbitmq-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  writeFileSync(join(home, '.erlang.cookie'), `evfleet${Date.now()}`, { mode: 0o400 });
  const tag = Math.random().toString(36).slice(2, 8);
  const names = Array.from({ length: size }, (_, i) => `evfleet${tag}${i + 1}@localhost`);
  const nodes: RabbitNode[] = [];
  for (const [i, name] of names.entries()) {
    const nodeDir = join(dir, `node${i + 1}`);
    mkdirSync(nodeDir);
    const [amqpPort, mqttPort, distPort] = [await freePort(), await freePort(), await freePort()];
    writeFileSync(
      join(nodeDir, 'rabbitmq.conf'),
      [
        `listeners.tcp.default = 127.0.0.1:${amqpPort}`,
        `mqtt.listeners.tcp.default = 127.0.0.1:${mqttPort}`,
        'mqtt.allow_anonymous = true',
        'loopback_users = none',
        'cluster_formation.peer_discovery_backend = classic_config',
        ...names.map((n, k) => `cluster_formation.classic_config.nodes.${k + 1} = ${n}`),
      ].join('\n'),
    );
    writeFileSync(join(nodeDir, 'enabled_plugins'), '[rabbitmq_mqtt,rabbitmq_consistent_hash_exchange].');
    const child = spawn(join(BIN, 'rabbitmq-server'), [], {
      env: {
        ...process.env,
        HOME: home,
        RABBITMQ_NODENAME: name,
        RABBITMQ_CONFIG_FILE: join(nodeDir, 'rabbitmq'),
        RABBITMQ_ENABLED_PLUGINS_FILE: join(nodeDir, 'enabled_plugins'),
        RABBITMQ_MNESIA_BASE: join(nodeDir, 'mnesia'),
        RABBITMQ_LOG_BASE: join(nodeDir, 'log'),
        RABBITMQ_DIST_PORT: String(distPort),
      },
      stdio: ['ignore', openSync(join(nodeDir, 'out.log'), 'w'), openSync(join(nodeDir, 'err.log'), 'w')],
      detached: true,
    });
    nodes.push({ name, amqpPort, mqttPort, process: child });
  }
  const ctl = (node: string, ...args: string[]) =>
    spawnSync(join(BIN, 'rabbitmqctl'), ['-n', node, ...args], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
    });
  // await_startup fails at once while the node is not yet known to epmd: asked again until it answers.
  const deadline = Date.now() + 180_000;
  for (const n of nodes) {
    for (;;) {
      const r = ctl(n.name, '--timeout', '60', 'await_startup');
      if (r.status === 0) break;
      if (Date.now() > deadline) throw new Error(`RabbitMQ node ${n.name} did not start: ${r.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const kill = (n: RabbitNode) => {
    // The server script runs the Erlang VM as its child: the whole group goes.
    if (n.process.pid && n.process.exitCode === null) {
      try {
        process.kill(-n.process.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  return {
    nodes,
    amqpUrls: nodes.map((n) => `amqp://guest:guest@127.0.0.1:${n.amqpPort}`),
    /** Messages ready and unacknowledged per queue, from a node that is up. */
    queues(via = 0): { name: string; ready: number; unacked: number }[] {
      const r = ctl(nodes[via].name, '-q', 'list_queues', 'name', 'messages_ready', 'messages_unacknowledged');
      return r.stdout
        .trim()
        .split('\n')
        .filter((l) => l && !l.startsWith('name'))
        .map((l) => {
          const [name, ready, unacked] = l.split('\t');
          return { name, ready: Number(ready), unacked: Number(unacked) };
        });
    },
    kill: (i: number) => kill(nodes[i]),
    /** The cluster's Erlang processes, for their CPU time. */
    pids: () => spawnSync('pgrep', ['-f', dir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number),
    stop() {
      for (const n of nodes) kill(n);
      spawnSync('pkill', ['-9', '-f', `evfleet${tag}`]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type RabbitCluster = Awaited<ReturnType<typeof startRabbitCluster>>;
