import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where an infrastructure error came from: the `source` label of its counter. */
export type ErrorSource =
  | 'redis'
  | 'database'
  | 'sessions'
  | 'signout_fanout'
  | 'socket_session_check'
  | 'presence'
  | 'graph'
  | 'spine';

/**
 * The service's figures for operators, in Prometheus' format (`GET /metrics`, app.ts): the
 * process's own (memory, CPU, event-loop lag), request latency by route, infrastructure errors
 * by source, and gauges read when scraped (sockets, the event outbox, jobs, the database pool,
 * the graph index). One registry per app, so tests and benches never share counts.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'heartline_' });
  const registers = [registry];

  const requestSeconds = new Histogram({
    name: 'heartline_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const errors = new Counter({
    name: 'heartline_infrastructure_errors_total',
    help: 'Errors of Redis, the database, session writes and other infrastructure, by source',
    labelNames: ['source'] as const,
    registers,
  });

  return {
    registry,
    /** Records one answered request; `route` is the route's pattern, never the raw URL. */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      requestSeconds.observe({ method, route, status: String(status) }, seconds);
    },
    countError(source: ErrorSource): void {
      errors.inc({ source });
    },
    /** A gauge whose value is read when scraped (`read` may ask the database). */
    gauge(name: string, help: string, read: () => number | Promise<number>): void {
      new Gauge({
        name: `heartline_${name}`,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
