import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// One key for every server of a run: servers sharing a database must share ENCRYPTION_KEY (a process whose key
// did not wrap the database's data keys refuses to start, ADR 75).
const BENCH_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** A throwaway PostgreSQL database for one benchmark run. */
export async function tempPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kyc_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Starts the real service as its own process (`npm start` does the same) and waits until it is ready. */
export async function startServer(env: Record<string, string>): Promise<{ url: string; env: Record<string, string>; stop: () => Promise<void>; process: ChildProcess }> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const fullEnv = {
    ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY, SCREENING_SOURCES: 'none', ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kyc-bench-')), LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '10000000', WEBHOOK_ALLOW_PRIVATE: 'true', ...env,
  } as Record<string, string>;
  // BENCH_NODE_ARGS: extra flags for the server process only (for example "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url, env: fullEnv, process: child,
    stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

/** Creates a client with the CLI (through the running service when it holds the embedded database). */
export function createClient(env: Record<string, string>): { clientId: string; client_id: string; client_secret: string } {
  const out = execFileSync(process.execPath, [path.join(ROOT, 'bin/kyc.js'), 'clients', 'create', '--name', 'bench', '--json'], { cwd: ROOT, env, encoding: 'utf8' });
  return JSON.parse(out);
}

export async function token(url: string, client: { client_id: string; client_secret: string }): Promise<string> {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', ...client }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 32, pipelining: 1, duration: 8, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: Record<string, string | number>[]): void {
  const keys = Object.keys(rows[0] ?? {});
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (values: string[]) => '| ' + values.map((v, i) => v.padEnd(width[i]!)).join(' | ') + ' |';
  console.log(line(keys));
  console.log('|' + width.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of rows) console.log(line(keys.map((k) => String(row[k]))));
}

/** bench/floor-server.ts as its own process: Fastify and pg alone, for what the machine gives at that moment. */
export async function startFloorServer(databaseUrl: string): Promise<{ url: string; process: ChildProcess; stop: () => Promise<void> }> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor-server.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return {
    url: `http://127.0.0.1:${port}/contacts/c1`, process: child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
