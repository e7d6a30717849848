/**
 * GET api/account with a valid token, 50 connections, on PostgreSQL, beside a bare Fastify route
 * measured in the same run. Goals: at least 5,000 requests/s with one token and with 50
 * distinct signed-in users, every request's session checked (docs/security.md, "Sessions").
 */
import { spawn } from 'node:child_process';
import autocannon, { type Request } from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

function startServer(mode: 'app' | 'bare'): Promise<{ port: number; stop: () => void }> {
  const child = spawn('npx', ['tsx', 'bench/account-server.ts'], {
    env: { ...process.env, MODE: mode },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = chunk.toString().match(/PORT (\d+)/);
      if (match) resolve({ port: Number(match[1]), stop: () => child.kill('SIGKILL') });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

/** Runs the load; with several tokens each request carries the next one, as distinct users would. */
async function load(url: string, tokens: string[] = []) {
  let next = 0;
  const requests = tokens.length
    ? [
        {
          setupRequest: (req: Request) => ({
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          }),
        },
      ]
    : undefined;
  await autocannon({ url, connections: 50, duration: 2, requests }); // warm-up
  const result = await autocannon({ url, connections: 50, duration: DURATION, requests });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return ((await res.json()) as { id_token: string }).id_token;
}

async function createUsers(base: string, adminToken: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const login = `bench${i}`;
    const res = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        login,
        email: `${login}@bench.test`,
        firstName: 'Bench',
        authorities: ['ROLE_USER'],
        password: 'bench-pass',
      }),
    });
    if (res.status !== 201) throw new Error(`create ${login}: ${res.status} ${await res.text()}`);
    tokens.push(await signIn(base, login, 'bench-pass'));
  }
  return tokens;
}

const bare = await startServer('bare');
const app = await startServer('app');
try {
  const base = `http://127.0.0.1:${app.port}`;
  const admin = await signIn(base, 'admin', 'admin123');
  const users = await createUsers(base, admin, 50);
  const bareResult = await load(`http://127.0.0.1:${bare.port}/bare`);
  const oneUser = await load(`${base}/api/account`, [admin]);
  const manyUsers = await load(`${base}/api/account`, users);
  console.log(`bare Fastify route                 : ${bareResult.rps.toFixed(0)} req/s (p99 ${bareResult.p99} ms)`);
  console.log(
    `GET api/account, one token (PG)    : ${oneUser.rps.toFixed(0)} req/s (p99 ${oneUser.p99} ms)  goal >= 5000`,
  );
  console.log(
    `GET api/account, 50 users (PG)     : ${manyUsers.rps.toFixed(0)} req/s (p99 ${manyUsers.p99} ms)  goal >= 5000`,
  );
  console.log(`ratio one token / bare             : ${(oneUser.rps / bareResult.rps).toFixed(2)}`);
  if (oneUser.rps < 5000 || manyUsers.rps < 5000) process.exitCode = 1;
} finally {
  bare.stop();
  app.stop();
}
