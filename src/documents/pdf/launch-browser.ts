// Starts one headless Chromium driven over WebDriver BiDi (docs/documents.md#the-pdf-engine), with
// a fresh profile directory that is removed synchronously once the process is gone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';

/**
 * Flags this machine kind needs, on top of puppeteer's defaults (docs/documents.md#the-pdf-engine).
 */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserExit {
  reason: string;
}

export interface LaunchedBrowser {
  readonly browser: Browser;
  readonly pid: number | undefined;
  readonly profileDir: string;
  /** Set once the process exited or the connection dropped, whichever came first. */
  readonly exit: BrowserExit | undefined;
  /** Calls `listener` once on exit (at once if already gone); returns the unsubscribe. */
  onExit(listener: (exit: BrowserExit) => void): () => void;
  /** Graceful close within `graceMs`, then SIGKILL; removes the profile. Never rejects. */
  close(graceMs?: number): Promise<void>;
}

export interface LaunchBrowserOptions {
  executablePath: string;
  launchTimeoutMs?: number;
}

const profilePrefix = 'pdf-engine-profile-';

// If Node exits without close(), still leave no profile behind. One listener for all
// browsers, added after the launch so that @puppeteer/browsers' own exit hook, which kills
// the browsers, runs first.
const liveProfiles = new Set<string>();
function removeLiveProfiles(): void {
  for (const dir of liveProfiles) removeDir(dir);
}
/** Best effort: a profile left in the temporary directory must not take the service down. */
function removeDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // Nothing more to do; the OS cleans its temporary directory.
  }
}
function trackProfile(dir: string): void {
  liveProfiles.add(dir);
  if (!process.listeners('exit').includes(removeLiveProfiles)) process.on('exit', removeLiveProfiles);
}

export async function launchBrowser(options: LaunchBrowserOptions): Promise<LaunchedBrowser> {
  const profileDir = mkdtempSync(path.join(tmpdir(), profilePrefix));
  const removeProfile = () => {
    removeDir(profileDir);
    liveProfiles.delete(profileDir);
    if (liveProfiles.size === 0) process.off('exit', removeLiveProfiles);
  };
  let browser: Browser;
  try {
    // Loaded here, not at the top: the service is ready before its first browser starts
    // (docs/service.md#start-up), and puppeteer is a few hundred modules.
    const { default: puppeteer } = await import('puppeteer-core');
    browser = await puppeteer.launch({
      executablePath: options.executablePath,
      protocol: 'webDriverBiDi',
      // 'shell' passes plain --headless, which both chromium-headless-shell and full Chromium accept.
      headless: 'shell',
      // A pipe instead of --remote-debugging-port: no other local process can drive the browser.
      pipe: true,
      userDataDir: profileDir,
      args: [...chromiumArgs],
      // The service's composition root owns signals and calls close() on shutdown.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: options.launchTimeoutMs ?? 20_000,
    });
  } catch (error) {
    removeProfile();
    throw error;
  }
  trackProfile(profileDir);
  return watch(browser, profileDir, removeProfile);
}

function watch(browser: Browser, profileDir: string, removeProfile: () => void): LaunchedBrowser {
  const child = browser.process();
  let exitInfo: BrowserExit | undefined;
  let processGone = child === null || child.exitCode !== null || child.signalCode !== null;
  const listeners = new Set<(exit: BrowserExit) => void>();
  const markExited = (reason: string) => {
    if (exitInfo) return;
    const exit = { reason };
    exitInfo = exit;
    for (const listener of listeners) listener(exit);
    listeners.clear();
  };
  const onExit = (listener: (exit: BrowserExit) => void) => {
    if (exitInfo) {
      listener(exitInfo);
      return () => {};
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const processClosed = new Promise<void>((resolve) => {
    if (processGone || !child) return resolve();
    child.once('exit', (code, signal) => {
      processGone = true;
      markExited(
        signal ? `the browser process was killed by ${signal}` : `the browser process exited with code ${code}`,
      );
      removeProfile();
      resolve();
    });
  });
  browser.once('disconnected', () => markExited('the connection to the browser was lost'));

  const close = async (graceMs = 3_000): Promise<void> => {
    markExited('the browser was closed');
    if (!processGone) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([browser.close().catch(() => {}), grace]);
      clearTimeout(timer);
      if (!processGone) child?.kill('SIGKILL');
      await processClosed;
    }
    removeProfile();
  };

  return {
    browser,
    pid: child?.pid,
    profileDir,
    get exit() {
      return exitInfo;
    },
    onExit,
    close,
  };
}
