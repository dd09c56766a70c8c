import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './net.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What every process of one deployment must share (docs/deployment.md): the data key and the token signing key. */
export function sharedSecrets(): Record<string, string> {
  return {
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}


interface Started {
  name: string;
  child: ChildProcess;
  dataDir: string;
  /** The last lines the process wrote to stderr, for a failure's message. */
  tail: string[];
}

function launch(name: string, args: string[], env: Record<string, string>, inherit: boolean): Started {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kyc-${name}-`));
  const child = spawn(process.execPath, args, {
    cwd: ROOT, env: { SCREENING_SOURCES: 'none', ...process.env, ...env, DATA_DIR: dataDir }, stdio: ['ignore', inherit ? 'inherit' : 'ignore', 'pipe'],
  });
  const tail: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    if (inherit) process.stderr.write(chunk);
    tail.push(...chunk.split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  });
  return { name, child, dataDir, tail };
}

function exited(p: Started): Error {
  return new Error(`${p.name} exited with ${p.child.exitCode ?? p.child.signalCode} before it was ready:\n${p.tail.join('\n')}`);
}

async function untilReady(p: Started, ready: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw exited(p);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${p.name} was not ready within ${timeoutMs} ms:\n${p.tail.join('\n')}`);
}

/**
 * One deployment of the service as separate processes on a shared PostgreSQL (docs/deployment.md, "N API
 * processes and M workers"): `apis` API processes (`src/main.ts` without workers, as `npm start` with
 * WORKERS=false) and `workers` worker processes (`kyc worker`), each with its own DATA_DIR and the same
 * `env` (DATABASE_URL, the shared keys, S3 settings). Resolves once every process is ready.
 */
export async function startCluster(options: { env: Record<string, string>; apis: number; workers: number; apiEnv?: Record<string, string>; workerEnv?: Record<string, string>; inheritOutput?: boolean; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const inherit = options.inheritOutput ?? false;
  const apis: (Started & { url: string })[] = [];
  for (let i = 0; i < options.apis; i++) {
    const port = await freePort();
    const env = { LOG_LEVEL: 'warn', ...options.env, ...options.apiEnv, WORKERS: 'false', PORT: String(port), HOST: '127.0.0.1' };
    apis.push({ ...launch(`api-${i + 1}`, ['--import', 'tsx', 'src/main.ts'], env, inherit), url: `http://127.0.0.1:${port}` });
  }
  const workers: Started[] = [];
  for (let i = 0; i < options.workers; i++) {
    workers.push(launch(`worker-${i + 1}`, [path.join(ROOT, 'bin/kyc.js'), 'worker'], { LOG_LEVEL: 'warn', ...options.env, ...options.workerEnv }, inherit));
  }
  const all = [...apis, ...workers];

  async function stop() {
    await Promise.all(all.map((p) => new Promise<void>((resolve) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
      const kill = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
      p.child.once('exit', () => { clearTimeout(kill); resolve(); });
      p.child.kill('SIGTERM');
    })));
    for (const p of all) rmSync(p.dataDir, { recursive: true, force: true });
  }

  try {
    await Promise.all([
      ...apis.map((p) => untilReady(p, () => fetch(`${p.url}/readyz`).then((r) => r.ok, () => false), timeoutMs)),
      ...workers.map((p) => untilReady(p, async () => p.tail.includes('worker started'), timeoutMs)),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    apis: apis.map((p) => ({ url: p.url, process: p.child, tail: p.tail })),
    workers: workers.map((p) => ({ process: p.child, tail: p.tail })),
    stop,
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
