// The PDF engine's queue and renders (docs/metrics.md#pdf-engine): how many render and wait now,
// and each render's duration and outcome, so a slow or failing browser shows before users say so.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export type RenderOutcome = 'ok' | 'timeout' | 'error' | 'rejected';

export interface PdfMetrics {
  rendered(outcome: RenderOutcome, seconds: number): void;
  watchQueue(read: () => { rendering: number; waiting: number }): void;
}

export function createPdfMetrics(registry: Registry): PdfMetrics {
  let readQueue = () => ({ rendering: 0, waiting: 0 });
  new Gauge({
    name: 'pdf_render_queue_depth',
    help: 'PDF renders by queue state (rendering, waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const queue = readQueue();
      this.set({ state: 'rendering' }, queue.rendering);
      this.set({ state: 'waiting' }, queue.waiting);
    },
  });
  const renders = new Counter({
    name: 'pdf_renders_total',
    help: 'PDF renders by outcome (ok, timeout, error, rejected: the queue was full or the engine closed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'pdf_render_duration_seconds',
    help: 'PDF render duration in the browser (queue wait excluded) by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30],
    registers: [registry],
  });
  return {
    rendered(outcome, seconds) {
      renders.inc({ outcome });
      if (outcome !== 'rejected') duration.observe({ outcome }, seconds);
    },
    watchQueue(read) {
      readQueue = read;
    },
  };
}
