import { Agent, request } from 'undici';
import { BlockedAddressError, guardedLookup, isPublicAddress } from '../../platform/net/address-policy.ts';

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/**
 * Posts webhook bodies. Redirects are not followed (a 3xx is a failed attempt), the whole exchange is bounded
 * by a timeout, and unless private addresses are allowed, the address a host name resolves to is checked at
 * connect time: the connection goes to the address that was checked, so DNS rebinding cannot slip past.
 */
export function createHttpSender(options: { timeoutMs: number; allowPrivate: boolean; userAgent?: string }) {
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connections: 16, // per origin: one slow receiver cannot take every socket
    pipelining: 1,
  });

  return {
    async post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // A literal IP host never goes through lookup, so it is checked here.
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && /^[\d.]+$|:/.test(host) && !isPublicAddress(host)) {
        return { statusCode: null, error: 'blocked: private or loopback address', latencyMs: 0 };
      }
      try {
        const response = await request(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', 'user-agent': options.userAgent ?? 'kyc-webhooks/1.0', ...headers },
          dispatcher: agent,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        // Read (and bound) the body so the socket can be reused; its content is not needed.
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        return { statusCode: response.statusCode, error: null, latencyMs: elapsed() };
      } catch (error) {
        const e = error as Error & { code?: string; cause?: Error };
        const blocked = e instanceof BlockedAddressError || e.cause instanceof BlockedAddressError;
        const reason = blocked
          ? `blocked: ${(e.cause ?? e).message}`
          : e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT'
            ? `timeout after ${options.timeoutMs} ms`
            : `${e.code ?? e.name}: ${e.message}`.slice(0, 300);
        return { statusCode: null, error: reason, latencyMs: elapsed() };
      }
    },
    close: () => agent.close(),
  };
}

export type HttpSender = ReturnType<typeof createHttpSender>;
