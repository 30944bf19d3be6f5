// The process and Node.js runtime metrics prom-client collects by default, minus the three
// gauges it names `*_total` (nodejs_active_handles_total, nodejs_active_requests_total,
// nodejs_active_resources_total): the Prometheus naming rules keep `_total` for counters, and
// `promtool check metrics` fails on them (docs/metrics.md#checking-the-exposition). Their
// per-type gauges (nodejs_active_handles{type} and the others) stay, and sum to the same numbers.
import { type Registry, collectDefaultMetrics } from 'prom-client';

export const leftOutDefaultMetrics = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
] as const;

export function registerProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of leftOutDefaultMetrics) registry.removeSingleMetric(name);
}
