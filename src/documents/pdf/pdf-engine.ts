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
import { type RenderQueue, createRenderQueue } from './render-queue.ts';

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
  return new ChromiumPdfEngine(options);
}

/** The engine's state lives in one object whose methods stay short; callers see only PdfEngine. */
class ChromiumPdfEngine implements PdfEngine {
  readonly #options: PdfEngineOptions;
  readonly #poolSize: number;
  readonly #renderTimeoutMs: number;
  readonly #onRender: (outcome: RenderOutcome, seconds: number) => void;
  readonly #recycleAfterRenders: number;
  readonly #logger: Logger;
  readonly #queue: RenderQueue;
  readonly #instances = new Set<Instance>();

  #lookup: Promise<ChromiumLookup> | undefined;
  #lookupResult: ChromiumLookup | undefined;
  #lookupAt = 0;
  #current: Instance | undefined;
  #launching: Promise<Instance> | undefined;
  #launchFailures = 0;
  #nextLaunchAt = 0;
  #problem: { status: 'degraded' | 'unavailable'; message: string } | undefined;
  #consecutiveTimeouts = 0;
  #renders = 0;
  #closed = false;

  constructor(options: PdfEngineOptions) {
    this.#options = options;
    this.#poolSize = options.poolSize ?? 2;
    this.#renderTimeoutMs = options.renderTimeoutMs ?? 15_000;
    this.#onRender = options.onRender ?? (() => {});
    this.#recycleAfterRenders = options.recycleAfterRenders ?? 300;
    this.#logger = options.logger;
    this.#queue = createRenderQueue({ concurrency: this.#poolSize, maxQueue: options.maxQueue ?? 32 });
  }

  async start(): Promise<void> {
    try {
      await this.#ensureBrowser();
    } catch {
      // Reported by status(); renders retry the launch.
    }
  }

  async locate(): Promise<void> {
    await this.#chromium().catch(() => {});
  }

  async renderPdf(html: string, renderOptions: RenderPdfOptions = {}): Promise<Uint8Array> {
    let started = false;
    try {
      if (this.#closed) throw closedError();
      await this.#chromium();
      return await this.#queue.run(() => {
        started = true;
        return this.#renderTask(html);
      }, renderOptions.signal);
    } catch (error) {
      if (!started) this.#onRender('rejected', 0);
      throw error;
    }
  }

  status(): PdfEngineStatus {
    const renders = this.#renders;
    const report = (state: PdfEngineState, message: string, browserPid?: number): PdfEngineStatus =>
      browserPid === undefined ? { status: state, message, renders } : { status: state, message, browserPid, renders };
    const lookupResult = this.#lookupResult;
    if (this.#closed) return report('unavailable', 'the PDF engine is closed');
    if (lookupResult && 'missing' in lookupResult) return report('unavailable', lookupResult.hint);
    const current = this.#current;
    if (current && !current.launched.exit) {
      const load = `${current.pool.busy} of ${this.#poolSize} pages busy, ${this.#queue.waiting} waiting`;
      return report('ready', `Chromium at ${this.#describeFound()}; ${load}`, current.launched.pid);
    }
    if (this.#launching)
      return report('starting', `launching Chromium${lookupResult ? ` at ${this.#describeFound()}` : ''}`);
    if (this.#problem) return report(this.#problem.status, this.#problem.message);
    const where = lookupResult ? ` (found at ${this.#describeFound()})` : '';
    return report('starting', `Chromium not launched yet${where}: it launches on start() or the first render`);
  }

  queueDepth(): { rendering: number; waiting: number } {
    return { rendering: this.#queue.active, waiting: this.#queue.waiting };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.close('the PDF engine is closed');
    await this.#launching?.catch(() => {});
    this.#current = undefined;
    await Promise.all([...this.#instances].map((instance) => instance.launched.close()));
    this.#instances.clear();
  }

  async #chromium(): Promise<ChromiumFound> {
    const result = this.#lookupResult;
    const stale = result && 'missing' in result && Date.now() - this.#lookupAt > lookupRetryMs;
    if (!this.#lookup || stale) {
      this.#lookupAt = Date.now();
      this.#lookup = findChromium({ ...this.#options.lookup, chromiumPath: this.#options.chromiumPath }).then((found) =>
        this.#looked(found),
      );
    }
    const found = await this.#lookup;
    if ('missing' in found) {
      throw new AppError('SERVICE_UNAVAILABLE', found.hint, { retryAfterSeconds: missingRetryAfterSeconds });
    }
    return found;
  }

  #looked(result: ChromiumLookup): ChromiumLookup {
    this.#lookupResult = result;
    if ('missing' in result)
      this.#logger.warn({ hint: result.hint }, 'no Chromium found: PDF rendering is unavailable');
    else this.#logger.info({ chromium: result.path, source: result.source }, 'PDF browser found');
    return result;
  }

  #describeFound(): string {
    const result = this.#lookupResult;
    return result && !('missing' in result) ? `${result.path} (${result.source})` : 'unknown path';
  }

  #ensureBrowser(): Promise<Instance> {
    if (this.#current && !this.#current.launched.exit) return Promise.resolve(this.#current);
    this.#launching ??= this.#launch().finally(() => {
      this.#launching = undefined;
    });
    return this.#launching;
  }

  async #launch(): Promise<Instance> {
    const found = await this.#chromium();
    this.#refuseDuringBackoff();
    let launched: LaunchedBrowser | undefined;
    let instance: Instance;
    try {
      launched = await launchBrowser({ executablePath: found.path, launchTimeoutMs: this.#options.launchTimeoutMs });
      const pool = createPagePool(launched.browser, {
        size: this.#poolSize,
        onStuck: (error) => this.#retire(instance, error.message),
      });
      instance = { launched, pool, renders: 0, active: 0, retiring: false };
      await pool.warm();
    } catch (error) {
      void launched?.close(0);
      return this.#launchFailed(found, error);
    }
    if (this.#closed) {
      await launched.close();
      throw closedError();
    }
    this.#launched(found, instance);
    return instance;
  }

  /** After repeated launch failures the next attempt waits its turn (see #launchFailed). */
  #refuseDuringBackoff(): void {
    const waitMs = this.#nextLaunchAt - Date.now();
    if (waitMs <= 0) return;
    const seconds = Math.ceil(waitMs / 1_000);
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `${this.#problem?.message ?? 'the PDF browser failed to start'}; next attempt in ${seconds} s`,
      { retryAfterSeconds: seconds },
    );
  }

  #launched(found: ChromiumFound, instance: Instance): void {
    const { launched } = instance;
    this.#launchFailures = 0;
    this.#nextLaunchAt = 0;
    this.#problem = undefined;
    this.#instances.add(instance);
    this.#current = instance;
    launched.onExit((exit) => this.#onExit(instance, exit));
    this.#logger.info({ browserPid: launched.pid, chromium: found.path, source: found.source }, 'PDF browser launched');
  }

  #launchFailed(found: ChromiumFound, error: unknown): never {
    const failures = (this.#launchFailures += 1);
    // The first failure is retried by the next render; repeated ones back off.
    const backoffMs = failures < 2 ? 0 : Math.min(maxLaunchBackoffMs, 1_000 * 2 ** (failures - 2));
    this.#nextLaunchAt = Date.now() + backoffMs;
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the PDF browser at ${found.path} failed to start: ${reason.split('\n')[0]}`;
    this.#problem = { status: 'unavailable', message };
    this.#logger.error({ err: error, failures, backoffMs }, 'PDF browser failed to start');
    throw new AppError('SERVICE_UNAVAILABLE', message, {
      retryAfterSeconds: Math.max(1, Math.ceil(backoffMs / 1_000)),
      cause: error,
    });
  }

  #onExit(instance: Instance, exit: BrowserExit): void {
    this.#instances.delete(instance);
    if (instance !== this.#current) return;
    this.#current = undefined;
    if (this.#closed || instance.retiring) return;
    this.#problem = {
      status: 'degraded',
      message: `the PDF browser exited (${exit.reason}); it relaunches on the next render`,
    };
    this.#logger.warn({ browserPid: instance.launched.pid, reason: exit.reason }, 'PDF browser exited');
    // A lost connection can leave the process running: make sure it is gone and its profile removed.
    void instance.launched.close(0);
  }

  /** No new renders go to this browser; it closes once its renders in flight have ended. */
  #retire(instance: Instance, reason: string): void {
    if (instance.retiring) return;
    instance.retiring = true;
    if (this.#current === instance) this.#current = undefined;
    this.#logger.info({ browserPid: instance.launched.pid, renders: instance.renders, reason }, 'PDF browser retired');
    closeIfIdle(instance);
    // Launch the successor now so the next render finds a warm browser.
    if (!this.#closed) this.#ensureBrowser().catch(() => {});
  }

  async #renderTask(html: string): Promise<Uint8Array> {
    const deadline = startDeadline(this.#renderTimeoutMs, this.#options.deadlineTimers ?? realTimers);
    const started = performance.now();
    const observe = (outcome: RenderOutcome) => this.#onRender(outcome, (performance.now() - started) / 1000);
    try {
      const instance = await Promise.race([this.#ensureBrowser(), deadline.expired]);
      const pdf = await this.#renderOn(instance, html, deadline.expired);
      observe('ok');
      return pdf;
    } catch (error) {
      if (error === deadline.error) this.#onTimeout();
      observe(error === deadline.error ? 'timeout' : 'error');
      throw error;
    } finally {
      deadline.clear();
    }
  }

  async #renderOn(instance: Instance, html: string, expired: Promise<never>): Promise<Uint8Array> {
    instance.active += 1;
    const print = printOnPooledPage(instance.pool, html);
    let unsubscribe = () => {};
    const browserExit = new Promise<never>((_, reject) => {
      unsubscribe = instance.launched.onExit((exit) => reject(browserExited(exit)));
    });
    try {
      const pdf = await Promise.race([print.work, expired, browserExit]);
      print.release();
      this.#rendered(instance);
      return pdf;
    } catch (error) {
      print.abandon();
      throw await classify(instance, error);
    } finally {
      unsubscribe();
      instance.active -= 1;
      closeIfIdle(instance);
    }
  }

  #rendered(instance: Instance): void {
    this.#consecutiveTimeouts = 0;
    this.#renders += 1;
    instance.renders += 1;
    if (instance.renders >= this.#recycleAfterRenders)
      this.#retire(instance, `recycled after ${instance.renders} renders`);
  }

  #onTimeout(): void {
    this.#consecutiveTimeouts += 1;
    const consecutiveTimeouts = this.#consecutiveTimeouts;
    this.#logger.warn({ timeoutMs: this.#renderTimeoutMs, consecutiveTimeouts }, 'PDF render timed out');
    if (consecutiveTimeouts >= timeoutsBeforeRecycle && this.#current) {
      this.#consecutiveTimeouts = 0;
      this.#retire(this.#current, `${timeoutsBeforeRecycle} renders in a row timed out`);
    }
  }
}

function closeIfIdle(instance: Instance): void {
  if (instance.retiring && instance.active === 0) void instance.launched.close();
}

/**
 * One print on a page of the pool. `release` hands the page back after a good print; `abandon`
 * discards it, now or once the page arrives, since a page that failed or timed out is never reused.
 */
function printOnPooledPage(
  pool: PagePool,
  html: string,
): { work: Promise<Uint8Array>; release(): void; abandon(): void } {
  let page: Page | undefined;
  let abandoned = false;
  const work = (async () => {
    page = await pool.acquire();
    if (abandoned) throw new Error('render abandoned');
    await page.setContent(html, { waitUntil: 'load' });
    return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  })();
  // Once the render's race is lost nobody awaits `work`; its late failure is expected.
  work.catch(() => {});
  const throwAway = () => {
    if (page) pool.discard(page);
  };
  return {
    work,
    release: () => {
      if (page) pool.release(page);
    },
    abandon: () => {
      abandoned = true;
      if (page) throwAway();
      else work.then(throwAway, throwAway);
    },
  };
}

async function classify(instance: Instance, error: unknown): Promise<unknown> {
  if (error instanceof AppError) return error;
  // The connection usually drops a moment before the process exit is reported.
  const exit = await exitWithin(instance.launched, exitReportGraceMs);
  if (exit) return browserExited(exit);
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('SERVICE_UNAVAILABLE', `PDF render failed: ${reason}`, { retryAfterSeconds: 1, cause: error });
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
