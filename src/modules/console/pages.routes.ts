import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/http/errors.ts';

/** Where `npm run build:console` writes the bundle. */
export const CONSOLE_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/console/dist');

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

/** Only the bundle's own scripts and styles, API calls to this origin, never framed, no inline script. */
export function consoleCsp(publicUrl: string): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: https:", "connect-src 'self'", "font-src 'self'",
    "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'", ...(publicUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The console's single-page app: every /console/* path that is not the API answers with index.html. */
export function registerConsolePages(app: App, deps: { publicUrl: string }) {
  const config = { public: true };
  const headers = {
    'content-security-policy': consoleCsp(deps.publicUrl), 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin', 'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  let index: Promise<string> | undefined;
  const page = async (reply: FastifyReply) => {
    if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) {
      return reply.status(503).headers(headers).type('text/plain; charset=utf-8').send('The console is not built: run npm run build:console');
    }
    index ??= readFile(path.join(CONSOLE_DIST, 'index.html'), 'utf8');
    return reply.headers({ ...headers, 'cache-control': 'no-store' }).type('text/html; charset=utf-8').send(await index);
  };

  app.get('/console', { config, schema: { hide: true } }, async (_request, reply) => page(reply));
  app.get('/console/assets/:file', { config, schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,120}$' }) }) } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const full = path.join(CONSOLE_DIST, 'assets', file);
    if (file.includes('..') || !existsSync(full)) return reply.status(404).headers(headers).send({ code: 'not_found' });
    return reply.headers({ ...headers, 'cache-control': 'public, max-age=31536000, immutable' }).type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(await readFile(full));
  });
  // An unknown API path is a 404, not the page.
  // An unknown console API path is the same problem every other unknown route gets, not a page.
  app.all('/console/api/*', { config, schema: { hide: true } }, async () => {
    throw new AppError('not_found', 'No such route');
  });
  app.get('/console/*', { config, schema: { hide: true } }, async (_request, reply) => page(reply));
}
