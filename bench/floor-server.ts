/**
 * The floor under GET contact on this machine: Fastify and pg alone, one prepared SELECT by primary key, the
 * row as JSON. No token, rate limit, decryption, audit or metrics. bench:api runs it beside the service so the
 * service's figure can be read as a ratio of what the machine gives at that moment.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => undefined); // the bench drops the database as this process ends
await pool.query('CREATE TABLE IF NOT EXISTS bench_floor (id text PRIMARY KEY, data jsonb NOT NULL, revision int NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
await pool.query(`INSERT INTO bench_floor VALUES ('c1', '{"first_name":"Ada","last_name":"Hartley","email":"ada@example.com"}', 1) ON CONFLICT DO NOTHING`);
const app = Fastify({ logger: false });
app.get('/contacts/:id', async (request) => {
  const { rows } = await pool.query({ name: 'contact', text: 'SELECT * FROM bench_floor WHERE id = $1', values: [(request.params as { id: string }).id] });
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
