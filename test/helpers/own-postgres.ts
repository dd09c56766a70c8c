import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './net.ts';

export { freePort };

const run = promisify(execFile);
/** Where initdb and pg_ctl are: PG_BIN, or the newest Debian PostgreSQL; undefined when there is none. */
export const PG_BIN = process.env.PG_BIN ?? (existsSync('/usr/lib/postgresql')
  ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)).map((v) => `/usr/lib/postgresql/${v}/bin`).filter((d) => existsSync(path.join(d, 'initdb'))).at(-1)
  : undefined);
const BIN = PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A free TCP port on loopback (the OS picks it; a race with another process is possible but unlikely). */

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, that the test may stop and
 * start at will (the shared server on 5432 is never touched). PostgreSQL refuses to run as root: as root the
 * cluster belongs to the `postgres` user and every command runs through runuser.
 */
export async function startOwnPostgres() {
  const root = mkdtempSync(path.join(tmpdir(), 'kyc-own-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(root, uid, gid);
    chmodSync(root, 0o700);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]) : run(path.join(BIN, tool), args);
  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync off: only the operating system crashing could lose a write then, and these tests crash PostgreSQL, not
  // the machine. synchronous_commit stays on: an acknowledged commit is in the WAL before the answer.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const logFile = path.join(root, 'postgres.log');

  const cluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', options]);
    },
    /** `fast` ends sessions cleanly (57P01); `immediate` kills the server like a crash, recovery replays the WAL. */
    async stop(mode: 'fast' | 'immediate' = 'fast') {
      await pg('pg_ctl', ['stop', '-w', '-t', '60', '-D', dataDir, '-m', mode]);
    },
    async destroy() {
      await pg('pg_ctl', ['stop', '-w', '-t', '30', '-D', dataDir, '-m', 'immediate']).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  // If the test process ends without afterAll (a crash, a timeout), the cluster must not outlive it.
  const orphan = () => {
    try {
      const args = ['stop', '-D', dataDir, '-m', 'immediate'];
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, 'pg_ctl'), ...args], { stdio: 'ignore' });
      else execFileSync(path.join(BIN, 'pg_ctl'), args, { stdio: 'ignore' });
    } catch { /* already stopped */ }
  };
  process.once('exit', orphan);
  const destroy = cluster.destroy;
  cluster.destroy = async () => {
    process.off('exit', orphan);
    await destroy();
  };
  return cluster;
}

export type OwnPostgres = Awaited<ReturnType<typeof startOwnPostgres>>;
