import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { frameAncestors } from './domain/embed-origins.ts';

/** The web SDK's script-tag build (packages/web-sdk, `npm run build:web-sdk`), served for firms' pages. */
export const WEB_SDK_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/web-sdk/dist/kyc-flow.iife.js');

/** Where `vite build` of web/verify writes the bundle (see docs/hosted-flow.md). */
export const VERIFY_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/verify/dist');

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

/**
 * Strict policy: only the bundle's own scripts and styles, camera frames as blob:, API calls to this origin,
 * framed only by the sites the client listed (`embedOrigins`, ADR 0145; none by default: the flow handles
 * identity documents). No inline script, no eval.
 */
export function verifyCsp(publicUrl: string, logoOrigin: string | null = null, embedOrigins: readonly string[] = []): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", `img-src 'self' blob: data:${logoOrigin ? ` ${logoOrigin}` : ''}`, "media-src 'self' blob:",
    "connect-src 'self'", "font-src 'self'", "form-action 'self'", "base-uri 'none'", frameAncestors(embedOrigins),
    ...(publicUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The page learns where it may post its events from a meta tag (no inline script under the CSP). The origins
 * were checked on the way in (scheme, host, port only); escaping is a second guard.
 */
function withEmbedOrigins(page: string, origins: readonly string[]): string {
  if (!origins.length) return page;
  const content = origins.join(' ').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return page.replace('</head>', `<meta name="kyc-embed-origins" content="${content}" />\n</head>`);
}

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The hosted pages: one single-page app for the verification flow (/verify/{token}) and the client portal
 * (/portal/{token}), and its hashed assets. `logoOrigin` finds the client's branded logo behind a token, the
 * one outside address the page's CSP then allows for images.
 */
export function registerHostedPages(app: App, deps: {
  publicUrl: string;
  logoOrigin?: (page: 'verify' | 'portal', token: string) => Promise<string | null>;
  /** The origins the client behind a flow link lets frame it (ADR 0145); the portal is never framed. */
  embedOrigins?: (token: string) => Promise<string[]>;
}) {
  const config = { public: true };
  const SECURITY_HEADERS = { ...BASE_HEADERS, 'content-security-policy': verifyCsp(deps.publicUrl) };
  let index: Promise<string> | undefined;
  const html = () => (index ??= readFile(path.join(VERIFY_DIST, 'index.html'), 'utf8'));
  const TokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

  for (const kind of ['verify', 'portal'] as const) {
    app.get(`/${kind}/:token`, { config, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
      if (!existsSync(path.join(VERIFY_DIST, 'index.html'))) {
        return reply.status(503).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('The hosted pages are not built: run npm run build:verify');
      }
      const logo = (await deps.logoOrigin?.(kind, (request.params as { token: string }).token).catch(() => null)) ?? null;
      const embed = kind === 'verify' ? ((await deps.embedOrigins?.((request.params as { token: string }).token).catch(() => [])) ?? []) : [];
      const headers = { ...BASE_HEADERS, 'content-security-policy': verifyCsp(deps.publicUrl, logo, embed), 'cache-control': 'no-store' };
      return reply.headers(headers).type('text/html; charset=utf-8').send(withEmbedOrigins(await html(), embed));
    });
  }

  // The script a firm's page loads to embed the flow (docs/hosted-flow.md "Embedding"): public, cacheable for
  // an hour (not immutable: its name has no hash), loadable from any origin.
  app.get('/embed/kyc-flow.js', { config, schema: { hide: true } }, async (_request, reply) => {
    if (!existsSync(WEB_SDK_SCRIPT)) return reply.status(404).send({ code: 'not_found' });
    return reply.headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=3600', 'cross-origin-resource-policy': 'cross-origin' })
      .type(TYPES['.js']!).send(await readFile(WEB_SDK_SCRIPT));
  });

  app.get('/verify/assets/:file', { config, schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,120}$' }) }) } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const full = path.join(VERIFY_DIST, 'assets', file);
    if (file.includes('..') || !existsSync(full)) return reply.status(404).send({ code: 'not_found' });
    return reply.headers({ ...SECURITY_HEADERS, 'cache-control': 'public, max-age=31536000, immutable' }).type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(await readFile(full));
  });
}
