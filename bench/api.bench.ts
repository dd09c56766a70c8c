/**
 * npm run bench:api — requests per second and p50/p99 latency of GET contact and POST account against one
 * server process, on the embedded database (PGlite) and on PostgreSQL over TCP and over its Unix socket. The
 * load generator is wrk when it is installed (a C program in its own process, as a remote client would be),
 * otherwise autocannon in this process; on a 2-core machine the generator, the server and PostgreSQL share the
 * cores, so figures are conservative.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, load, printTable, startFloorServer, startServer, tempPostgres, token, type LoadResult } from './lib.ts';
import { loadWithWrk, wrkInstalled } from './wrk.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);

const account = {
  name: 'Bench Ltd', type: 'COMPANY', reg_number: '123',
  primary_contact: {
    first_name: 'Ada', last_name: 'Hartley', email: 'ada@example.com', date_of_birth: '1985-04-12',
    primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB', type: 'PRIMARY' },
  },
};

async function benchOne(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const client = createClient(server.env);
    const auth = `Bearer ${await token(server.url, client)}`;
    const created = await (await fetch(`${server.url}/clients/${client.clientId}/accounts`, {
      method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(account),
    })).json() as { id: string; primary_contact: { id: string } };
    const contactUrl = `${server.url}/clients/${client.clientId}/accounts/${created.id}/contacts/${created.primary_contact.id}`;
    await load({ url: contactUrl, headers: { authorization: auth }, duration: 2 }); // warm-up
    const get = await loadGet(contactUrl, auth);
    const post = await load({
      url: `${server.url}/clients/${client.clientId}/accounts`, method: 'POST', duration: DURATION,
      headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(account),
    });
    return [
      { database: label, request: 'GET contact', 'req/s': get.rps, 'p50 ms': get.p50, 'p99 ms': get.p99, errors: get.errors + get.non2xx },
      { database: label, request: 'POST account', 'req/s': post.rps, 'p50 ms': post.p50, 'p99 ms': post.p99, errors: post.errors + post.non2xx },
    ];
  } finally {
    await server.stop();
  }
}

// BENCH_LOAD_GENERATOR=autocannon keeps the in-process generator even where wrk is installed.
const useWrk = process.env.BENCH_LOAD_GENERATOR !== 'autocannon' && wrkInstalled();
function loadGet(url: string, auth: string): Promise<LoadResult> {
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  return useWrk ? loadWithWrk({ url, headers, duration: DURATION }) : load({ url, headers, duration: DURATION });
}

// PostgreSQL on the same machine is reached through its Unix socket as well as over TCP: the socket skips the
// loopback TCP stack, whose send path is the largest single cost in the server's profile (docs/benchmarks.md).
const SOCKET_DIR = process.env.BENCH_POSTGRES_SOCKET_DIR ?? '/var/run/postgresql';
/** The same GET load on bench/floor-server.ts: what Fastify and pg alone reach on this machine right now. */
async function benchFloor(databaseUrl: string) {
  const floor = await startFloorServer(databaseUrl);
  try {
    await load({ url: floor.url, duration: 2 }); // warm-up
    const get = await loadGet(floor.url, '');
    return { database: 'PostgreSQL 15, TCP', request: 'GET floor (Fastify + pg only)', 'req/s': get.rps, 'p50 ms': get.p50, 'p99 ms': get.p99, errors: get.errors + get.non2xx };
  } finally {
    await floor.stop();
  }
}

const rows = [];
const only = process.env.BENCH_DATABASE;
if (!only || only === 'pglite') rows.push(...(await benchOne('PGlite (embedded)', {})));
if (!only || only === 'postgres' || only === 'postgres-socket') {
  const database = await tempPostgres();
  try {
    if (only !== 'postgres-socket') {
      rows.push(...(await benchOne('PostgreSQL 15, TCP', { DATABASE_URL: database.url })));
      if (process.env.BENCH_FLOOR !== 'false') rows.push(await benchFloor(database.url));
    }
    if (only !== 'postgres' && existsSync(path.join(SOCKET_DIR, '.s.PGSQL.5432'))) {
      const socketUrl = `${database.url.replace(/@[^/]+\//, '@/')}?host=${encodeURIComponent(SOCKET_DIR)}`;
      rows.push(...(await benchOne('PostgreSQL 15, Unix socket', { DATABASE_URL: socketUrl })));
    }
  } finally {
    await database.drop();
  }
}
console.log(`\nAPI benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, 32 connections, ${DURATION} s per row, GET by ${useWrk ? 'wrk' : 'autocannon'}, POST by autocannon\n`);
printTable(rows);
