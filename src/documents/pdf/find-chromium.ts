// Where the PDF engine's Chromium comes from, in the order of docs/documents.md#where-chromium-comes-from:
// CHROMIUM_PATH, then Debian's packages, then the Chromium shipped in an npm package.
import { accessSync, constants, statSync } from 'node:fs';
import { npmChromium } from './npm-chromium.ts';

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

export const chromiumInstallHint =
  'No Chromium found: run npm install (it installs @sparticuz/chromium, Linux x64), or apt-get install chromium-headless-shell (Debian/Ubuntu), or set CHROMIUM_PATH';

/**
 * The real binaries, not the /usr/bin wrapper scripts (docs/documents.md): the headless shell
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
    return {
      missing: true,
      hint: `CHROMIUM_PATH=${options.chromiumPath} is not an executable file. ${chromiumInstallHint}`,
    };
  }
  for (const candidate of options.systemCandidates ?? systemChromiumCandidates) {
    if (isExecutable(candidate)) return { path: candidate, source: 'system-package' };
  }
  const fromNpm = await (options.npmChromium ?? (() => npmChromium({ isExecutable })))().catch(
    (error: unknown) => error as Error,
  );
  if (typeof fromNpm === 'string' && isExecutable(fromNpm)) return { path: fromNpm, source: 'npm-package' };
  if (fromNpm instanceof Error)
    return { missing: true, hint: `${chromiumInstallHint} (unpacking @sparticuz/chromium failed: ${fromNpm.message})` };
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
