import client from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';

const STARTED = Symbol('startedAt');

/** Prometheus metrics for /metrics: HTTP latency by route and status, process figures, and any module gauges. */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  // One labelled child per method, route template and status, looked up by a string: prom-client's own
  // lookup hashes the label object on every call, a measurable share of a fast GET's time.
  const httpChildren = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
  const httpChild = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let child = httpChildren.get(key);
    if (!child) httpChildren.set(key, (child = httpDuration.labels(method, route, String(status))));
    return child;
  };
  return {
    registry,
    requestStarted(request: FastifyRequest) {
      (request as unknown as Record<symbol, bigint>)[STARTED] = process.hrtime.bigint();
    },
    requestEnded(request: FastifyRequest, reply: FastifyReply) {
      const started = (request as unknown as Record<symbol, bigint>)[STARTED];
      if (started === undefined) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Route templates, never raw URLs: ids in paths would explode the label set.
      httpChild(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode).observe(seconds);
    },
    counter(name: string, help: string, labelNames: string[] = []) {
      return new client.Counter({ name, help, labelNames, registers: [registry] });
    },
    gauge(name: string, help: string, labelNames: string[] = []) {
      return new client.Gauge({ name, help, labelNames, registers: [registry] });
    },
    histogram(name: string, help: string, labelNames: string[] = [], buckets?: number[]) {
      return new client.Histogram({ name, help, labelNames, buckets, registers: [registry] });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
