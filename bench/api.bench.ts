/**
 * npm run bench:api — requests per second and p50/p99 latency of GET contact and POST account against one
 * server process, on the embedded database (PGlite) and on PostgreSQL. The load generator runs in this
 * process, the server in its own: on a 2-core machine they share the cores, so figures are conservative.
 */
import os from 'node:os';
import { createClient, load, printTable, startServer, tempPostgres, token } from './lib.ts';

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
    const get = await load({ url: contactUrl, headers: { authorization: auth }, duration: DURATION });
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

const rows = [];
const only = process.env.BENCH_DATABASE;
if (!only || only === 'pglite') rows.push(...(await benchOne('PGlite (embedded)', {})));
if (!only || only === 'postgres') {
  const database = await tempPostgres();
  try {
    rows.push(...(await benchOne('PostgreSQL 15', { DATABASE_URL: database.url })));
  } finally {
    await database.drop();
  }
}
console.log(`\nAPI benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, 32 connections, ${DURATION} s per row\n`);
printTable(rows);
