// Request count and latency of both servers (docs/metrics.md#requests): labelled by server,
// method, route template and status class, never by raw path or exact status, so the label set
// stays bounded whatever clients send. The request count is the latency histogram's count per
// label set, copied into `http_requests_total` when the metrics are read: one series a request,
// found by one lookup of its method, route and status class and counted by addition
// (series-histogram.ts, docs/benchmarks-log.md#metrics-counted-by-addition-2026-12-07).
import { Counter, type Registry } from 'prom-client';
import { type HistogramSeries, SeriesHistogram } from './series-histogram.ts';

/** `api` is PORT (REST and /graphql), `data` is DATA_PORT (the data-access layer). */
export type ServerName = 'api' | 'data';

export interface RequestObservation {
  readonly server: ServerName;
  readonly method: string;
  /** The route template (`/invoices/{invoiceId}`) or `unmatched`. */
  readonly route: string;
  readonly status: number;
}

/** Methods outside this list are counted as `other`: a client can send any token as a method. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const statusClasses = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? statusClasses[Math.floor(status / 100) - 1]! : 'other';
}

type RequestLabel = 'server' | 'method' | 'route' | 'status_class';

export function createHttpMetrics(registry: Registry): (request: RequestObservation, seconds: number) => void {
  const duration = new SeriesHistogram<RequestLabel>({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by server, method, route template and status class',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  });
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by server, method, route template and status class',
    labelNames: ['server', 'method', 'route', 'status_class'] as const,
    registers: [registry],
    async collect() {
      const observed = await duration.get();
      this.reset();
      for (const { metricName, labels, value } of observed.values)
        if (metricName === 'http_request_duration_seconds_count') this.inc(labels, value);
    },
  });
  const bound = new Map<string, HistogramSeries<RequestLabel>>();
  return (request, seconds) => {
    const method = knownMethods.has(request.method) ? request.method : 'other';
    const status_class = statusClass(request.status);
    // Routes are templates and methods known, so the keys stay as bounded as the labels.
    const key = `${request.server} ${method} ${status_class} ${request.route}`;
    let series = bound.get(key);
    if (!series) {
      series = duration.series({ server: request.server, method, route: request.route, status_class });
      bound.set(key, series);
    }
    series.observe(seconds);
  };
}
