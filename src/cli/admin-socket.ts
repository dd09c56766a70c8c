import { createConnection, createServer, type Server } from 'node:net';
import { chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Services } from '../service.ts';
import { OPERATIONS } from './operations.ts';

export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');

/**
 * A Unix socket in DATA_DIR, readable by the service's own user only (mode 0600), through which `kyc` runs
 * its operations inside the service that holds the embedded database. One JSON request per connection.
 */
export async function startAdminSocket(dataDir: string, services: Services): Promise<{ close(): Promise<void> }> {
  const file = adminSocketPath(dataDir);
  rmSync(file, { force: true });
  const server: Server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', async (chunk) => {
      input += chunk;
      if (!input.includes('\n')) return;
      let reply: unknown;
      try {
        const { op, args } = JSON.parse(input.slice(0, input.indexOf('\n'))) as { op: string; args: Record<string, unknown> };
        const operation = OPERATIONS[op];
        if (!operation) throw new Error(`unknown operation ${op}`);
        reply = { ok: true, result: await operation(services, args ?? {}) };
      } catch (error) {
        reply = { ok: false, error: (error as Error).message };
      }
      socket.end(JSON.stringify(reply) + '\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(file, resolve));
  chmodSync(file, 0o600);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => { rmSync(file, { force: true }); resolve(); })),
  };
}

export function callAdminSocket(dataDir: string, op: string, args: Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify({ op, args }) + '\n'));
    socket.on('data', (chunk) => (output += chunk));
    socket.on('error', (error) => reject(new Error(`cannot reach the running service through ${adminSocketPath(dataDir)}: ${error.message}`)));
    socket.on('end', () => {
      try {
        const reply = JSON.parse(output) as { ok: boolean; result?: unknown; error?: string };
        if (reply.ok) resolve(reply.result);
        else reject(new Error(reply.error));
      } catch {
        reject(new Error('the running service gave no answer'));
      }
    });
  });
}
