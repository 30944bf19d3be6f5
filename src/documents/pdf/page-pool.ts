// A small bounded pool of reused pages of one browser: a reused page prints in about a third of the
// time of a new one (docs/field-notes.md#chromium-over-webdriver-bidi). A page that failed or timed out is never
// reused: it is closed in the background and a fresh one takes its place (the last page of the
// browser only once its successor exists).
import type { Browser, Page } from 'puppeteer-core';

export interface PagePool {
  /** An idle page, or a new one: the render queue, not the pool, bounds how many are busy. */
  acquire(): Promise<Page>;
  /** Back to the idle list; beyond `size` idle pages the page is closed instead. */
  release(page: Page): void;
  /** Drops the page and closes it without waiting; `onStuck` hears if closing takes too long. */
  discard(page: Page): void;
  /** Opens pages until `size` are idle, so the first renders are warm. */
  warm(): Promise<void>;
  readonly busy: number;
  readonly idle: number;
}

export interface PagePoolOptions {
  size: number;
  closeTimeoutMs?: number;
  /** A page that will not close means the browser itself is unwell. */
  onStuck?: (error: Error) => void;
}

export function createPagePool(browser: Browser, options: PagePoolOptions): PagePool {
  const idle: Page[] = [];
  const busy = new Set<Page>();
  /** Discarded pages kept open until a fresh page exists (see discard). */
  const lingering: Page[] = [];
  const closeTimeoutMs = options.closeTimeoutMs ?? 5_000;

  async function acquire(): Promise<Page> {
    const page = idle.pop() ?? (await browser.newPage());
    busy.add(page);
    for (const old of lingering.splice(0)) closeDiscarded(old);
    return page;
  }

  function release(page: Page): void {
    busy.delete(page);
    if (page.isClosed()) return;
    if (idle.length >= options.size) return discard(page);
    idle.push(page);
  }

  function discard(page: Page): void {
    busy.delete(page);
    const index = idle.indexOf(page);
    if (index >= 0) idle.splice(index, 1);
    // Chromium 156 (Debian's) closes its window with its last tab and then opens no new page
    // ("no browser is open"); opening a successor here could meet a browser that is dying. So the
    // last page is never reused and lingers, closed once the next render has a fresh one.
    if (idle.length === 0 && busy.size === 0) lingering.push(page);
    else closeDiscarded(page);
  }

  function closeDiscarded(page: Page): void {
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`a discarded page did not close within ${closeTimeoutMs} ms`)),
        closeTimeoutMs,
      );
    });
    Promise.race([page.close(), stuck])
      .catch((error: unknown) => {
        // A page of a browser that already exited fails to close; only a live browser is stuck.
        if (browser.connected) options.onStuck?.(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => clearTimeout(timer));
  }

  async function warm(): Promise<void> {
    // The browser's initial blank tab is adopted: one renderer process fewer.
    const known = (page: Page) => idle.includes(page) || busy.has(page) || lingering.includes(page);
    const adopted = (await browser.pages())
      .filter((page) => !known(page))
      .slice(0, Math.max(0, options.size - idle.length - busy.size));
    idle.push(...adopted);
    const missing = Math.max(0, options.size - idle.length - busy.size);
    idle.push(...(await Promise.all(Array.from({ length: missing }, () => browser.newPage()))));
  }

  return {
    acquire,
    release,
    discard,
    warm,
    get busy() {
      return busy.size;
    },
    get idle() {
      return idle.length;
    },
  };
}
