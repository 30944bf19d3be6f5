// `npm run bench` (PDF part): warm invoice PDF latency at 1 and 4 concurrent renders, PDFs per
// second, HTML render time and the browser's peak memory, side by side with raw puppeteer
// `page.pdf` on reused pages in the same run (docs/benchmarks.md#targets: median ≤ 1.2× the
// baseline, ≥ 20 PDFs/s). Absolute figures move between runs on shared machines; ratios hold.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { type DocumentKind, type DocumentModels, documentKinds } from '../src/documents/document-models.ts';
import { createHtmlRenderer } from '../src/documents/render-html.ts';
import { capitalStatementFixture } from '../test/documents/fixtures/capital-statement.ts';
import { caseAgreementFixture } from '../test/documents/fixtures/case-agreement.ts';
import { caseReportFixture } from '../test/documents/fixtures/case-report.ts';
import { fundUserAgreementFixture } from '../test/documents/fixtures/fund-user-agreement.ts';
import { invoiceFixture } from '../test/documents/fixtures/invoice.ts';
import { productCatalogFixture } from '../test/documents/fixtures/product-catalog.ts';
import { quoteFixture } from '../test/documents/fixtures/quote.ts';
import { receiptFixture } from '../test/documents/fixtures/receipt.ts';
import { findChromium } from '../src/documents/pdf/find-chromium.ts';
import { launchBrowser } from '../src/documents/pdf/launch-browser.ts';
import { createPdfEngine } from '../src/documents/pdf/pdf-engine.ts';
import { createLogger } from '../src/observability/logger.ts';

const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const renders = Number(process.env.BENCH_RENDERS ?? 100);
// Baseline and engine take turns, round after round, so drift on a shared machine hits both.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// Walking /proc costs CPU on a 2-core machine; sample often enough to see peaks, no more.
const sampleEveryMs = 100;

// The real invoice template and the invoice fixture of the golden HTML tests, so the bench
// measures what the routes print.
const renderer = createHtmlRenderer();
const fixtures: { [K in DocumentKind]: DocumentModels[K] } = {
  invoice: invoiceFixture,
  receipt: receiptFixture,
  quote: quoteFixture,
  'product-catalog': productCatalogFixture,
  'case-report': caseReportFixture,
  'case-agreement': caseAgreementFixture,
  'fund-user-agreement': fundUserAgreementFixture,
  'capital-statement': capitalStatementFixture,
};

interface Run {
  median: number;
  p95: number;
  perSecond: number;
}

async function measure(concurrency: number, count: number, render: (worker: number) => Promise<unknown>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < count) {
        next += 1;
        const t = performance.now();
        await render(worker);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  return { median: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), perSecond: count / seconds };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Sums VmRSS (and PSS, which does not count shared pages twice) over a process and its descendants. */
function treeMemory(root: number): { rssKb: number; pssKb: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let rssKb = 0;
  let pssKb = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    pending.push(...(children.get(pid) ?? []));
    try {
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      pssKb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return { rssKb, pssKb };
}

function samplePeak(pid: () => number | undefined): { stop(): { rssMb: number; pssMb: number } } {
  let rssKb = 0;
  let pssKb = 0;
  const sample = () => {
    const current = pid();
    if (!current) return;
    const memory = treeMemory(current);
    rssKb = Math.max(rssKb, memory.rssKb);
    pssKb = Math.max(pssKb, memory.pssKb);
  };
  const timer = setInterval(sample, sampleEveryMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMb: rssKb / 1024, pssMb: pssKb / 1024 };
    },
  };
}

async function renderOn(page: Page, html: string): Promise<Uint8Array> {
  await page.setContent(html, { waitUntil: 'load' });
  return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
}

async function baseline(executablePath: string, html: string) {
  // Same binary and launch flags as the engine; raw setContent + page.pdf on reused pages.
  const launched = await launchBrowser({ executablePath });
  try {
    const initial = (await launched.browser.pages()).slice(0, 1);
    const pages = [
      ...initial,
      ...(await Promise.all([1, 2, 3, 4].slice(initial.length).map(() => launched.browser.newPage()))),
    ];
    const memory = samplePeak(() => launched.pid);
    await measure(1, warmup, () => renderOn(pages[0]!, html));
    const one = await measure(1, renders, () => renderOn(pages[0]!, html));
    await measure(4, warmup, (worker) => renderOn(pages[worker]!, html));
    const four = await measure(4, renders, (worker) => renderOn(pages[worker]!, html));
    return { one, four, memory: memory.stop() };
  } finally {
    await launched.close();
  }
}

async function engineRun(executablePath: string, html: string, poolSize: number) {
  const engine = createPdfEngine({ chromiumPath: executablePath, poolSize, logger: createLogger('silent') });
  try {
    await engine.start();
    const memory = samplePeak(() => engine.status().browserPid);
    await measure(1, warmup, () => engine.renderPdf(html));
    const one = await measure(1, renders, () => engine.renderPdf(html));
    await measure(4, warmup, () => engine.renderPdf(html));
    const four = await measure(4, renders, () => engine.renderPdf(html));
    return { one, four, memory: memory.stop() };
  } finally {
    await engine.close();
  }
}

function htmlRenderTime(kind: DocumentKind): { median: number; p95: number } {
  const render = () => renderer.render(kind, fixtures[kind] as never);
  for (let i = 0; i < 200; i++) render();
  const times: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const t = performance.now();
    render();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

interface Result {
  one: Run;
  four: Run;
  memory: { rssMb: number; pssMb: number };
}

/** Each figure is the median over rounds; memory is the peak over rounds. */
function combine(results: Result[]): Result {
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const run = (pick: (result: Result) => Run): Run => ({
    median: mid(results.map((result) => pick(result).median)),
    p95: mid(results.map((result) => pick(result).p95)),
    perSecond: mid(results.map((result) => pick(result).perSecond)),
  });
  return {
    one: run((result) => result.one),
    four: run((result) => result.four),
    memory: {
      rssMb: Math.max(...results.map((result) => result.memory.rssMb)),
      pssMb: Math.max(...results.map((result) => result.memory.pssMb)),
    },
  };
}

const found = await findChromium({ chromiumPath: process.env.CHROMIUM_PATH });
if ('missing' in found) {
  // A machine without Chromium skips this bench rather than failing the whole `npm run bench`.
  console.log(`PDF bench skipped: ${found.hint}`);
  process.exit(0);
}
const html = renderer.render('invoice', invoiceFixture);
const htmlTimes = documentKinds.map((kind) => ({ kind, ...htmlRenderTime(kind) }));
const results: { base: Result[]; engine: Result[]; engine4: Result[] } = { base: [], engine: [], engine4: [] };
for (let round = 1; round <= rounds; round++) {
  process.stderr.write(`round ${round} of ${rounds}…\n`);
  results.base.push(await baseline(found.path, html));
  results.engine.push(await engineRun(found.path, html, 2));
  results.engine4.push(await engineRun(found.path, html, 4));
}
const base = combine(results.base);
const engine = combine(results.engine);
const engine4 = combine(results.engine4);

const ms = (value: number) => value.toFixed(1);
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(
  `\nPDF engine — ${found.path} (${found.source}); medians of ${rounds} rounds of ${renders} renders per row after ${warmup} warm-up; the invoice template with the golden-test fixture, ${html.length} bytes of HTML\n`,
);
console.log(
  row([
    'measure',
    'baseline (raw page.pdf, reused pages)',
    'engine (pool 2)',
    'engine / baseline',
    'engine (pool 4)',
    'target',
  ]),
);
console.log(row(['---', '---:', '---:', '---:', '---:', '---']));
console.log(
  row([
    'median ms, 1 at a time',
    ms(base.one.median),
    ms(engine.one.median),
    ratio(engine.one.median, base.one.median),
    ms(engine4.one.median),
    '≤ 1.2× baseline',
  ]),
);
console.log(
  row([
    'p95 ms, 1 at a time',
    ms(base.one.p95),
    ms(engine.one.p95),
    ratio(engine.one.p95, base.one.p95),
    ms(engine4.one.p95),
    '',
  ]),
);
console.log(
  row([
    'median ms, 4 concurrent',
    ms(base.four.median),
    ms(engine.four.median),
    ratio(engine.four.median, base.four.median),
    ms(engine4.four.median),
    '',
  ]),
);
console.log(
  row([
    'p95 ms, 4 concurrent',
    ms(base.four.p95),
    ms(engine.four.p95),
    ratio(engine.four.p95, base.four.p95),
    ms(engine4.four.p95),
    '',
  ]),
);
console.log(
  row([
    'PDFs/s, 4 concurrent',
    ms(base.four.perSecond),
    ms(engine.four.perSecond),
    ratio(engine.four.perSecond, base.four.perSecond),
    ms(engine4.four.perSecond),
    '≥ 20',
  ]),
);
console.log(
  row([
    'browser peak RSS MB (sum over processes)',
    ms(base.memory.rssMb),
    ms(engine.memory.rssMb),
    '',
    ms(engine4.memory.rssMb),
    '',
  ]),
);
console.log(
  row([
    'browser peak PSS MB (shared pages once)',
    ms(base.memory.pssMb),
    ms(engine.memory.pssMb),
    '',
    ms(engine4.memory.pssMb),
    '',
  ]),
);
console.log('\nHTML render (Handlebars, compiled once, golden-test fixtures):\n');
console.log(row(['document', 'median ms', 'p95 ms']));
console.log(row(['---', '---:', '---:']));
for (const time of htmlTimes) console.log(row([time.kind, time.median.toFixed(3), time.p95.toFixed(3)]));
