import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Behaviour = { status: number; delayMs?: number; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP server on loopback that records what it receives. Behaviours are consumed one per request
 * (then `fallback` applies), so a test can script "500, then 200" or "hang, then 200".
 */
export async function startReceiver(options: { fallback?: Behaviour } = {}) {
  const received: Received[] = [];
  const script: Behaviour[] = [];
  const waiters: Array<() => void> = [];
  let fallback: Behaviour = options.fallback ?? { status: 204 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      for (const w of waiters.splice(0)) w();
      const behaviour = script.shift() ?? fallback;
      if (behaviour === 'hang') return; // never answers; the sender's timeout ends it
      setTimeout(() => res.writeHead(behaviour.status, behaviour.headers).end(), behaviour.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    /** Deliveries to the webhook path (not the redirect target). */
    events: () => received.filter((r) => r.path === '/hook').map((r) => ({ ...r, json: JSON.parse(r.body) })),
    respond(...behaviours: Behaviour[]) {
      script.push(...behaviours);
    },
    setFallback(b: Behaviour) {
      fallback = b;
    },
    /** Waits for `predicate`; the default is long enough for a delivery that follows a job (pg-boss polls every 2 s on PGlite) on a loaded machine. */
    async waitFor(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met within ${timeoutMs} ms (got ${received.length} requests)`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 50);
          waiters.push(() => { clearTimeout(t); resolve(); });
        });
      }
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
