// The PDF engine against a real headless Chromium (docs/documents.md#the-pdf-engine). Render
// deadlines run on a hand-driven clock: a test expires them once the page provably hangs, so
// no outcome depends on how fast this machine renders.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumInstallHint, findChromium } from '../../../src/documents/pdf/find-chromium.ts';
import { type PdfEngine, type PdfEngineOptions, createPdfEngine } from '../../../src/documents/pdf/pdf-engine.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { type ManualDeadlines, manualDeadlines } from '../../support/manual-deadlines.ts';
import { pdfText as pdfToText } from '../../support/pdf-text.ts';

const logger = createLogger(process.env.LOG_LEVEL ?? 'silent');
const engines: PdfEngine[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

// A server that accepts requests and never answers: a page waiting on it never finishes loading.
const hangingServer = http.createServer(() => {});
let hangingUrl = '';
const onRequest = new Map<string, () => void>();
/** Resolves once the hanging server got `pathname`: the page is then provably mid-render. */
function requested(pathname: string): Promise<void> {
  return new Promise((resolve) => onRequest.set(pathname, resolve));
}
hangingServer.on('request', (request: http.IncomingMessage) => {
  const listener = onRequest.get(request.url ?? '');
  onRequest.delete(request.url ?? '');
  listener?.();
});

test.before(async () => {
  process.on('unhandledRejection', onUnhandled);
  await new Promise<void>((resolve) => hangingServer.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hangingServer.address() as AddressInfo).port}`;
});

test.after.each(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

test.after(async () => {
  hangingServer.closeAllConnections();
  await new Promise((resolve) => hangingServer.close(resolve));
  process.off('unhandledRejection', onUnhandled);
});

let deadlines: ManualDeadlines = manualDeadlines();
test.before.each(() => {
  deadlines = manualDeadlines();
});

/** An engine on the browser this run was given (CHROMIUM_PATH) whose deadlines only the test expires. */
function engine(options: Partial<PdfEngineOptions> = {}): PdfEngine {
  const created = createPdfEngine({
    chromiumPath: process.env.CHROMIUM_PATH,
    renderTimeoutMs: 1_000,
    deadlineTimers: deadlines.timers,
    ...options,
    logger,
  });
  engines.push(created);
  return created;
}

function invoice(text: string, extra = ''): string {
  return `<!doctype html><html><head><style>@page { size: A4; margin: 15mm }</style></head><body><h1>${text}</h1>${extra}</body></html>`;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, AppError);
    return error as AppError;
  }
  assert.unreachable('expected the render to fail');
  throw new Error('unreachable');
}

function profileDirOf(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const flag = args.find((arg) => arg.startsWith('--user-data-dir='));
  assert.ok(flag, 'the browser runs with its own --user-data-dir');
  return flag.slice('--user-data-dir='.length);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/status`, 'utf8').includes('State:\tZ');
  } catch {
    return false;
  }
}

/** Polls for up to a minute: generous for a loaded machine, and over at once when it holds. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1_200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(check(), what);
}

function browserPid(pdf: PdfEngine): number {
  const pid = pdf.status().browserPid;
  assert.type(pid, 'number');
  return pid as number;
}

test('prints HTML to a PDF whose text reads back, and reports ready on the browser it found', async () => {
  const pdf = engine();
  assert.is(pdf.status().status, 'starting');
  const bytes = await pdf.renderPdf(invoice('Invoice INV-2025-0042', '<p>Total due: 1,234.56 EUR</p>'));
  assert.instance(bytes, Uint8Array);
  assert.is(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
  const text = await pdfToText(bytes);
  assert.match(text, 'Invoice INV-2025-0042');
  assert.match(text, 'Total due: 1,234.56 EUR');
  const status = pdf.status();
  assert.is(status.status, 'ready');
  assert.is(status.renders, 1);
  const found = await findChromium({ chromiumPath: process.env.CHROMIUM_PATH });
  assert.ok('path' in found, 'a browser was found');
  assert.is(status.message, `Chromium at ${found.path} (${found.source}); 0 of 2 pages busy, 0 waiting`);
  assert.ok(isAlive(browserPid(pdf)));
});

test('locate() finds the browser without launching it, and status says where', async () => {
  const pdf = engine();
  await pdf.locate();
  const found = await findChromium({ chromiumPath: process.env.CHROMIUM_PATH });
  assert.ok('path' in found, 'a browser was found');
  assert.equal(pdf.status(), {
    status: 'starting',
    message: `Chromium not launched yet (found at ${found.path} (${found.source})): it launches on start() or the first render`,
    renders: 0,
  });
});

test('start() launches the browser eagerly; close() ends it, removes its profile and refuses renders', async () => {
  const pdf = engine();
  await pdf.start();
  assert.is(pdf.status().status, 'ready');
  const pid = browserPid(pdf);
  const profile = profileDirOf(pid);
  assert.ok(existsSync(profile));
  await pdf.close();
  assert.not.ok(existsSync(profile), 'the profile is removed by the time close() resolves');
  assert.not.ok(isAlive(pid));
  assert.is(pdf.status().status, 'unavailable');
  const error = await rejection(pdf.renderPdf(invoice('too late')));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.match(error.message, 'closed');
});

test('four concurrent renders on a pool of two all succeed, each with its own content', async () => {
  const pdf = engine({ poolSize: 2 });
  const names = ['alpha', 'bravo', 'charlie', 'delta'];
  const pdfs = await Promise.all(names.map((name) => pdf.renderPdf(invoice(`Invoice ${name}`))));
  const texts = await Promise.all(pdfs.map(pdfToText));
  names.forEach((name, i) => assert.match(texts[i]!, `Invoice ${name}`));
  assert.is(pdf.status().renders, 4);
});

test('a full queue answers SERVICE_UNAVAILABLE with Retry-After at once, and the admitted renders finish', async () => {
  const pdf = engine({ poolSize: 1, maxQueue: 1 });
  const admitted = [pdf.renderPdf(invoice('first')), pdf.renderPdf(invoice('second'))];
  const error = await rejection(pdf.renderPdf(invoice('third')));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.httpStatus, 503);
  assert.match(error.message, 'PDF queue is full');
  assert.match(String(error.retryAfterSeconds ?? ''), /^\d+$/);
  const done = await Promise.all(admitted);
  assert.match(await pdfToText(done[1]!), 'second');
});

test('a page that never finishes loading hits the deadline; the page is replaced and the next render succeeds', async () => {
  const pdf = engine({ poolSize: 1 });
  await pdf.renderPdf(invoice('warm'));
  const pid = browserPid(pdf);
  const hanging = requested('/hang.png');
  const pending = pdf.renderPdf(invoice('hangs', `<img src="${hangingUrl}/hang.png">`));
  await hanging;
  deadlines.expireAll();
  const error = await rejection(pending);
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.message, 'PDF render timed out after 1000 ms');
  assert.is(error.retryAfterSeconds, 5);
  const next = await pdf.renderPdf(invoice('after the hang'));
  assert.match(await pdfToText(next), 'after the hang');
  assert.is(browserPid(pdf), pid, 'the same browser served the next render');
  assert.is(pdf.status().status, 'ready');
});

test('a script that never returns hits the deadline without blocking the other pages', async () => {
  const pdf = engine({ poolSize: 2 });
  const looping = pdf.renderPdf(invoice('loops', '<script>for (;;) {}</script>'));
  const healthy = await pdf.renderPdf(invoice('beside the loop'));
  assert.match(await pdfToText(healthy), 'beside the loop');
  assert.is(deadlines.pending, 1, 'only the looping render is still running');
  deadlines.expireAll();
  const error = await rejection(looping);
  assert.is(error.message, 'PDF render timed out after 1000 ms');
  assert.match(await pdfToText(await pdf.renderPdf(invoice('after the loop'))), 'after the loop');
});

test('three deadlines in a row replace the browser, since it may itself be hung', async () => {
  const pdf = engine({ poolSize: 1, renderTimeoutMs: 500 });
  await pdf.renderPdf(invoice('warm'));
  const first = browserPid(pdf);
  for (const name of ['a', 'b', 'c']) {
    const hanging = requested(`/${name}.png`);
    const pending = pdf.renderPdf(invoice(name, `<img src="${hangingUrl}/${name}.png">`));
    await hanging;
    deadlines.expireAll();
    const error = await rejection(pending);
    assert.is(error.message, 'PDF render timed out after 500 ms');
  }
  assert.match(await pdfToText(await pdf.renderPdf(invoice('fresh browser'))), 'fresh browser');
  assert.is.not(browserPid(pdf), first);
  await eventually(() => !isAlive(first), 'the replaced browser exits');
});

test('the browser killed during a render: that render fails cleanly, the next one relaunches', async () => {
  const pdf = engine({ poolSize: 1 });
  await pdf.start();
  const pid = browserPid(pdf);
  const profile = profileDirOf(pid);
  // Kill the browser once it is provably mid-render: its page asked for the hanging image.
  onRequest.set('/kill.png', () => process.kill(pid, 'SIGKILL'));
  const error = await rejection(pdf.renderPdf(invoice('killed', `<img src="${hangingUrl}/kill.png">`)));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.match(error.message, /^the PDF browser exited during the render: /);
  await eventually(() => !isAlive(pid), 'the killed browser is gone');
  assert.is(pdf.status().status, 'degraded');
  assert.match(pdf.status().message, 'relaunches on the next render');
  await eventually(() => !existsSync(profile), 'the dead browser profile is removed');
  const next = await pdf.renderPdf(invoice('after the crash'));
  assert.match(await pdfToText(next), 'after the crash');
  assert.is.not(browserPid(pdf), pid);
  assert.is(pdf.status().status, 'ready');
  assert.equal(unhandled, []);
});

test('a configured CHROMIUM_PATH that does not exist: 503 with the install hint, status unavailable', async () => {
  const pdf = engine({ chromiumPath: '/nonexistent' });
  const error = await rejection(pdf.renderPdf(invoice('never')));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.httpStatus, 503);
  assert.match(error.message, 'CHROMIUM_PATH=/nonexistent');
  assert.match(error.message, 'apt-get install chromium-headless-shell');
  assert.is(error.retryAfterSeconds, 60);
  assert.equal(pdf.status(), { status: 'unavailable', message: error.message, renders: 0 });
});

test('no Chromium anywhere: 503 with the install hint, and start() does not throw', async () => {
  const pdf = engine({ chromiumPath: undefined, lookup: { systemCandidates: [], npmChromium: async () => undefined } });
  await pdf.start();
  assert.equal(pdf.status(), { status: 'unavailable', message: chromiumInstallHint, renders: 0 });
  const error = await rejection(pdf.renderPdf(invoice('never')));
  assert.is(error.message, chromiumInstallHint);
  assert.is(error.retryAfterSeconds, 60);
});

test('a browser that fails to start: 503 naming the failure, retried at once, then with a backoff', async () => {
  const pdf = engine({ chromiumPath: '/bin/false', launchTimeoutMs: 5_000 });
  const first = await rejection(pdf.renderPdf(invoice('never')));
  assert.is(first.code, 'SERVICE_UNAVAILABLE');
  assert.match(first.message, /^the PDF browser at \/bin\/false failed to start: /);
  assert.is(pdf.status().status, 'unavailable');
  assert.is(pdf.status().message, first.message);
  const second = await rejection(pdf.renderPdf(invoice('never')));
  assert.match(second.message, 'failed to start');
  const third = await rejection(pdf.renderPdf(invoice('never')));
  assert.match(third.message, /; next attempt in \d+ s$/);
  assert.match(String(third.retryAfterSeconds ?? ''), /^[1-9]\d*$/);
});

test('after recycleAfterRenders renders the browser is replaced and the old one ends', async () => {
  const pdf = engine({ recycleAfterRenders: 3 });
  await pdf.renderPdf(invoice('one'));
  const first = browserPid(pdf);
  await pdf.renderPdf(invoice('two'));
  await pdf.renderPdf(invoice('three'));
  const fourth = await pdf.renderPdf(invoice('four'));
  assert.match(await pdfToText(fourth), 'four');
  const second = browserPid(pdf);
  assert.is.not(second, first);
  await eventually(() => !isAlive(first), 'the recycled browser exits');
  assert.is(pdf.status().renders, 4);
});

test('an aborted request is answered at once with the abort reason', async () => {
  const pdf = engine({ poolSize: 1 });
  const controller = new AbortController();
  const hanging = requested('/abort.png');
  const pending = pdf.renderPdf(invoice('aborted', `<img src="${hangingUrl}/abort.png">`), {
    signal: controller.signal,
  });
  await hanging;
  controller.abort(new AppError('BAD_REQUEST', 'client closed the connection'));
  const error = await rejection(pending);
  assert.is(error.message, 'client closed the connection');
  // The abandoned render holds the only page until its deadline ends it.
  deadlines.expireAll();
  assert.match(await pdfToText(await pdf.renderPdf(invoice('after the abort'))), 'after the abort');
});

test('no promise was left rejected without a handler', () => {
  assert.equal(unhandled, []);
});

test.run();
