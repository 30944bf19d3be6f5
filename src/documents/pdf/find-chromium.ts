// Where the PDF engine's Chromium comes from, in the order of issue 5 / DESIGN.md §8:
// CHROMIUM_PATH, then Debian's packages, then a Chromium shipped in an npm package.
import { accessSync, constants, statSync } from 'node:fs';

export type ChromiumSource = 'CHROMIUM_PATH' | 'system-package' | 'npm-package';

export interface ChromiumFound {
  path: string;
  source: ChromiumSource;
}

export interface ChromiumMissing {
  missing: true;
  hint: string;
}

export type ChromiumLookup = ChromiumFound | ChromiumMissing;

export const chromiumInstallHint = 'Install Chromium: apt-get install chromium-headless-shell (Debian/Ubuntu), or set CHROMIUM_PATH';

/**
 * The real binaries, not the /usr/bin wrapper scripts (DESIGN.md §13): the headless shell
 * first, being lighter and about twice as fast as full Chromium for printing.
 */
export const systemChromiumCandidates: readonly string[] = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export interface FindChromiumOptions {
  /** The configured CHROMIUM_PATH (read by src/config, the only reader of process.env). */
  chromiumPath?: string | undefined;
  systemCandidates?: readonly string[];
  isExecutable?: (path: string) => boolean;
  /** Resolves the executable of a Chromium npm package, or undefined when none is installed. */
  npmChromium?: () => Promise<string | undefined>;
}

export async function findChromium(options: FindChromiumOptions = {}): Promise<ChromiumLookup> {
  const isExecutable = options.isExecutable ?? isExecutableFile;
  if (options.chromiumPath) {
    // An explicit setting that is wrong is reported, not silently replaced by another browser.
    if (isExecutable(options.chromiumPath)) return { path: options.chromiumPath, source: 'CHROMIUM_PATH' };
    return { missing: true, hint: `CHROMIUM_PATH=${options.chromiumPath} is not an executable file. ${chromiumInstallHint}` };
  }
  for (const candidate of options.systemCandidates ?? systemChromiumCandidates) {
    if (isExecutable(candidate)) return { path: candidate, source: 'system-package' };
  }
  const fromNpm = await (options.npmChromium ?? sparticuzChromium)().catch(() => undefined);
  if (fromNpm && isExecutable(fromNpm)) return { path: fromNpm, source: 'npm-package' };
  return { missing: true, hint: chromiumInstallHint };
}

export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * `@sparticuz/chromium` (optional dependency) is the "npm install alone" path: it ships a
 * brotli-packed Linux Chromium and unpacks it to /tmp on first use. npm installs it only when
 * npm itself runs on Node ≥ 22 (its engines field; npm skips it under Node 20, as on the CI
 * machine, which uses Debian's package instead), so it is imported by a computed name and
 * skipped when absent.
 */
async function sparticuzChromium(): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  const packageName = '@sparticuz/chromium';
  const loaded: { default?: { executablePath?: () => Promise<string> } } = await import(packageName);
  return loaded.default?.executablePath ? await loaded.default.executablePath() : undefined;
}
