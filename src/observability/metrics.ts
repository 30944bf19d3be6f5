// Prometheus metrics (prom-client): process metrics plus request counts and latency by route
// template and status (docs/configuration.md#operations). Route templates, never raw paths, keep
// the label set bounded.
import { Counter, Histogram, Registry } from 'prom-client';
import { registerProcessMetrics } from './process-metrics.ts';

export interface Metrics {
  readonly registry: Registry;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  registerProcessMetrics(registry);
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(labels, seconds) {
      const values = { method: labels.method, route: labels.route, status: String(labels.status) };
      requests.inc(values);
      duration.observe(values, seconds);
    },
  };
}
