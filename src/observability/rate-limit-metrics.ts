// Requests refused by a rate limit, by the limit's name (docs/metrics.md#rate-limits).
import { Counter, type Registry } from 'prom-client';

export function createRateLimitMetrics(registry: Registry): (limit: string) => void {
  const rejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests answered 429 by a rate limit, by limit name',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  return (limit) => rejections.inc({ limit });
}
