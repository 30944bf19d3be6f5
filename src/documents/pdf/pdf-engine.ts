// The PDF engine (docs/documents.md#the-pdf-engine): one long-lived Chromium over WebDriver
// BiDi, a small pool of reused pages, a queue with back-pressure, a deadline on every render,
// and a relaunch after a crash or every `recycleAfterRenders` renders (the Node heap grows per
// render in BiDi mode).
import type { Page } from 'puppeteer-core';
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.ts';
import { type ChromiumFound, type ChromiumLookup, type FindChromiumOptions, findChromium } from './find-chromium.ts';
import { type BrowserExit, type LaunchedBrowser, launchBrowser } from './launch-browser.ts';
import { type PagePool, createPagePool } from './page-pool.ts';
import { createRenderQueue } from './render-queue.ts';

export type PdfEngineState = 'ready' | 'starting' | 'unavailable' | 'degraded';

export interface PdfEngineStatus {
  status: PdfEngineState;
  message: string;
  browserPid?: number;
  /** PDFs printed since the engine was created. */
  renders: number;
}

export interface PdfEngineOptions {
  /** CHROMIUM_PATH from config; when unset the lookup of find-chromium.ts runs. */
  chromiumPath?: string | undefined;
  poolSize?: number;
  maxQueue?: number;
  renderTimeoutMs?: number;
  recycleAfterRenders?: number;
  launchTimeoutMs?: number;
  logger: Logger;
  /** Replaces the system and npm steps of the lookup (tests). */
  lookup?: Omit<FindChromiumOptions, 'chromiumPath'>;
  /** The clock of the render deadlines; tests fire them by hand instead of racing real renders. */
  deadlineTimers?: DeadlineTimers;
  /** Told each render's outcome and seconds in the browser (the PDF metrics, docs/metrics.md#pdf-engine). */
  onRender?: (outcome: RenderOutcome, seconds: number) => void;
}

/** `rejected`: refused before a browser was asked (queue full, engine closed, no Chromium). */
export type RenderOutcome = 'ok' | 'timeout' | 'error' | 'rejected';

export interface DeadlineTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: DeadlineTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface RenderPdfOptions {
  /** The caller went away: it is answered at once; the render itself ends by its deadline. */
  signal?: AbortSignal;
}

export interface PdfEngine {
  /** Looks for Chromium and launches it in the background; never rejects (see status()). */
  start(): Promise<void>;
  /** Looks for Chromium and logs which one it found, or why none, without launching it. */
  locate(): Promise<void>;
  renderPdf(html: string, options?: RenderPdfOptions): Promise<Uint8Array>;
  status(): PdfEngineStatus;
  /** Renders running and waiting now. */
  queueDepth(): { rendering: number; waiting: number };
  close(): Promise<void>;
}

interface Instance {
  readonly launched: LaunchedBrowser;
  readonly pool: PagePool;
  renders: number;
  active: number;
  retiring: boolean;
}

const missingRetryAfterSeconds = 60;
/** A missing Chromium is looked for again after this long, so installing one needs no restart. */
const lookupRetryMs = missingRetryAfterSeconds * 1_000;
/** This many deadlines in a row mean the browser itself is unwell: replace it. */
const timeoutsBeforeRecycle = 3;
const maxLaunchBackoffMs = 30_000;
/** How long a failed render waits to learn whether the browser died (the exit is reported after the disconnect). */
const exitReportGraceMs = 1_000;

export function createPdfEngine(options: PdfEngineOptions): PdfEngine {
  const poolSize = options.poolSize ?? 2;
  const renderTimeoutMs = options.renderTimeoutMs ?? 15_000;
  const onRender = options.onRender ?? (() => {});
  const recycleAfterRenders = options.recycleAfterRenders ?? 300;
  const { logger } = options;
  const queue = createRenderQueue({ concurrency: poolSize, maxQueue: options.maxQueue ?? 32 });
  const instances = new Set<Instance>();

  let lookup: Promise<ChromiumLookup> | undefined;
  let lookupResult: ChromiumLookup | undefined;
  let lookupAt = 0;
  let current: Instance | undefined;
  let launching: Promise<Instance> | undefined;
  let launchFailures = 0;
  let nextLaunchAt = 0;
  let problem: { status: 'degraded' | 'unavailable'; message: string } | undefined;
  let consecutiveTimeouts = 0;
  let renders = 0;
  let closed = false;

  async function chromium(): Promise<ChromiumFound> {
    const stale = lookupResult && 'missing' in lookupResult && Date.now() - lookupAt > lookupRetryMs;
    if (!lookup || stale) {
      lookupAt = Date.now();
      lookup = findChromium({ ...options.lookup, chromiumPath: options.chromiumPath }).then((result) => {
        lookupResult = result;
        if ('missing' in result) logger.warn({ hint: result.hint }, 'no Chromium found: PDF rendering is unavailable');
        else logger.info({ chromium: result.path, source: result.source }, 'PDF browser found');
        return result;
      });
    }
    const found = await lookup;
    if ('missing' in found) {
      throw new AppError('SERVICE_UNAVAILABLE', found.hint, { retryAfterSeconds: missingRetryAfterSeconds });
    }
    return found;
  }

  function ensureBrowser(): Promise<Instance> {
    if (current && !current.launched.exit) return Promise.resolve(current);
    launching ??= launch().finally(() => {
      launching = undefined;
    });
    return launching;
  }

  async function launch(): Promise<Instance> {
    const found = await chromium();
    const waitMs = nextLaunchAt - Date.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1_000);
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `${problem?.message ?? 'the PDF browser failed to start'}; next attempt in ${seconds} s`,
        { retryAfterSeconds: seconds },
      );
    }
    let launched: LaunchedBrowser | undefined;
    let instance: Instance;
    try {
      launched = await launchBrowser({ executablePath: found.path, launchTimeoutMs: options.launchTimeoutMs });
      const pool = createPagePool(launched.browser, {
        size: poolSize,
        onStuck: (error) => retire(instance, error.message),
      });
      instance = { launched, pool, renders: 0, active: 0, retiring: false };
      await pool.warm();
    } catch (error) {
      void launched?.close(0);
      return launchFailed(found, error);
    }
    if (closed) {
      await launched.close();
      throw closedError();
    }
    launchFailures = 0;
    nextLaunchAt = 0;
    problem = undefined;
    instances.add(instance);
    current = instance;
    launched.onExit((exit) => onExit(instance, exit));
    logger.info({ browserPid: launched.pid, chromium: found.path, source: found.source }, 'PDF browser launched');
    return instance;
  }

  function launchFailed(found: ChromiumFound, error: unknown): never {
    launchFailures += 1;
    // The first failure is retried by the next render; repeated ones back off.
    const backoffMs = launchFailures < 2 ? 0 : Math.min(maxLaunchBackoffMs, 1_000 * 2 ** (launchFailures - 2));
    nextLaunchAt = Date.now() + backoffMs;
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the PDF browser at ${found.path} failed to start: ${reason.split('\n')[0]}`;
    problem = { status: 'unavailable', message };
    logger.error({ err: error, failures: launchFailures, backoffMs }, 'PDF browser failed to start');
    throw new AppError('SERVICE_UNAVAILABLE', message, {
      retryAfterSeconds: Math.max(1, Math.ceil(backoffMs / 1_000)),
      cause: error,
    });
  }

  function onExit(instance: Instance, exit: BrowserExit): void {
    instances.delete(instance);
    if (instance !== current) return;
    current = undefined;
    if (closed || instance.retiring) return;
    problem = {
      status: 'degraded',
      message: `the PDF browser exited (${exit.reason}); it relaunches on the next render`,
    };
    logger.warn({ browserPid: instance.launched.pid, reason: exit.reason }, 'PDF browser exited');
    // A lost connection can leave the process running: make sure it is gone and its profile removed.
    void instance.launched.close(0);
  }

  /** No new renders go to this browser; it closes once its renders in flight have ended. */
  function retire(instance: Instance, reason: string): void {
    if (instance.retiring) return;
    instance.retiring = true;
    if (current === instance) current = undefined;
    logger.info({ browserPid: instance.launched.pid, renders: instance.renders, reason }, 'PDF browser retired');
    closeIfIdle(instance);
    // Launch the successor now so the next render finds a warm browser.
    if (!closed) ensureBrowser().catch(() => {});
  }

  function closeIfIdle(instance: Instance): void {
    if (instance.retiring && instance.active === 0) void instance.launched.close();
  }

  async function renderTask(html: string): Promise<Uint8Array> {
    const deadline = startDeadline(renderTimeoutMs, options.deadlineTimers ?? realTimers);
    const started = performance.now();
    const observe = (outcome: RenderOutcome) => onRender(outcome, (performance.now() - started) / 1000);
    try {
      const instance = await Promise.race([ensureBrowser(), deadline.expired]);
      const pdf = await renderOn(instance, html, deadline.expired);
      observe('ok');
      return pdf;
    } catch (error) {
      if (error === deadline.error) onTimeout();
      observe(error === deadline.error ? 'timeout' : 'error');
      throw error;
    } finally {
      deadline.clear();
    }
  }

  async function renderOn(instance: Instance, html: string, expired: Promise<never>): Promise<Uint8Array> {
    instance.active += 1;
    let page: Page | undefined;
    let abandoned = false;
    const work = (async () => {
      page = await instance.pool.acquire();
      if (abandoned) throw new Error('render abandoned');
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    })();
    // Once the race below is lost nobody awaits `work`; its late failure is expected.
    work.catch(() => {});
    let unsubscribe = () => {};
    const browserExit = new Promise<never>((_, reject) => {
      unsubscribe = instance.launched.onExit((exit) => reject(browserExited(exit)));
    });
    try {
      const pdf = await Promise.race([work, expired, browserExit]);
      if (page) instance.pool.release(page);
      consecutiveTimeouts = 0;
      renders += 1;
      instance.renders += 1;
      if (instance.renders >= recycleAfterRenders) retire(instance, `recycled after ${instance.renders} renders`);
      return pdf;
    } catch (error) {
      abandoned = true;
      // A page that failed or timed out is never reused.
      const throwAway = () => {
        if (page) instance.pool.discard(page);
      };
      if (page) throwAway();
      else work.then(throwAway, throwAway);
      throw await classify(instance, error);
    } finally {
      unsubscribe();
      instance.active -= 1;
      closeIfIdle(instance);
    }
  }

  async function classify(instance: Instance, error: unknown): Promise<unknown> {
    if (error instanceof AppError) return error;
    // The connection usually drops a moment before the process exit is reported.
    const exit = await exitWithin(instance.launched, exitReportGraceMs);
    if (exit) return browserExited(exit);
    const reason = error instanceof Error ? error.message : String(error);
    return new AppError('SERVICE_UNAVAILABLE', `PDF render failed: ${reason}`, { retryAfterSeconds: 1, cause: error });
  }

  function onTimeout(): void {
    consecutiveTimeouts += 1;
    logger.warn({ timeoutMs: renderTimeoutMs, consecutiveTimeouts }, 'PDF render timed out');
    if (consecutiveTimeouts >= timeoutsBeforeRecycle && current) {
      consecutiveTimeouts = 0;
      retire(current, `${timeoutsBeforeRecycle} renders in a row timed out`);
    }
  }

  async function renderPdf(html: string, renderOptions: RenderPdfOptions = {}): Promise<Uint8Array> {
    let started = false;
    try {
      if (closed) throw closedError();
      await chromium();
      return await queue.run(() => {
        started = true;
        return renderTask(html);
      }, renderOptions.signal);
    } catch (error) {
      if (!started) onRender('rejected', 0);
      throw error;
    }
  }

  async function start(): Promise<void> {
    try {
      await ensureBrowser();
    } catch {
      // Reported by status(); renders retry the launch.
    }
  }

  async function locate(): Promise<void> {
    await chromium().catch(() => {});
  }

  function status(): PdfEngineStatus {
    const report = (state: PdfEngineState, message: string, browserPid?: number): PdfEngineStatus =>
      browserPid === undefined ? { status: state, message, renders } : { status: state, message, browserPid, renders };
    if (closed) return report('unavailable', 'the PDF engine is closed');
    if (lookupResult && 'missing' in lookupResult) return report('unavailable', lookupResult.hint);
    if (current && !current.launched.exit) {
      const load = `${current.pool.busy} of ${poolSize} pages busy, ${queue.waiting} waiting`;
      return report('ready', `Chromium at ${describeFound()}; ${load}`, current.launched.pid);
    }
    if (launching) return report('starting', `launching Chromium${lookupResult ? ` at ${describeFound()}` : ''}`);
    if (problem) return report(problem.status, problem.message);
    const where = lookupResult ? ` (found at ${describeFound()})` : '';
    return report('starting', `Chromium not launched yet${where}: it launches on start() or the first render`);
  }

  function describeFound(): string {
    return lookupResult && !('missing' in lookupResult)
      ? `${lookupResult.path} (${lookupResult.source})`
      : 'unknown path';
  }

  async function close(): Promise<void> {
    closed = true;
    queue.close('the PDF engine is closed');
    await launching?.catch(() => {});
    current = undefined;
    await Promise.all([...instances].map((instance) => instance.launched.close()));
    instances.clear();
  }

  const queueDepth = () => ({ rendering: queue.active, waiting: queue.waiting });

  return { start, locate, renderPdf, status, queueDepth, close };
}

function browserExited(exit: BrowserExit): AppError {
  return new AppError('SERVICE_UNAVAILABLE', `the PDF browser exited during the render: ${exit.reason}`, {
    retryAfterSeconds: 1,
  });
}

function closedError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'the PDF engine is closed');
}

function startDeadline(
  ms: number,
  timers: DeadlineTimers,
): { expired: Promise<never>; error: AppError; clear(): void } {
  const error = new AppError('SERVICE_UNAVAILABLE', `PDF render timed out after ${ms} ms`, { retryAfterSeconds: 5 });
  let timer: unknown;
  const expired = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(error), ms);
  });
  expired.catch(() => {});
  return { expired, error, clear: () => timers.clearTimeout(timer) };
}

function exitWithin(launched: LaunchedBrowser, ms: number): Promise<BrowserExit | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(undefined);
    }, ms);
    const unsubscribe = launched.onExit((exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
}
