// The "npm install alone" Chromium: `@sparticuz/chromium` ships a brotli-packed Linux build
// inside the npm package (docs/documents.md#where-chromium-comes-from). It is a regular
// dependency, not an optional one, so npm installs it whatever Node runs npm (npm skips an
// optional dependency whose `engines` does not match, and this one asks for Node >= 22.17).
//
// The package's own `executablePath()` unpacks to a fixed `/tmp/chromium` and trusts any file
// already there, so a half-written binary from an interrupted or concurrent first start would
// be used forever. This module unpacks only the browser binary, into a folder named after the
// package version, through a temporary file renamed into place (atomic on one file system).
import { chmodSync, createReadStream, createWriteStream, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

export const npmChromiumPackage = '@sparticuz/chromium';

export interface NpmChromiumOptions {
  /** Where unpacked browsers are kept; one subfolder per package version. */
  cacheDir?: string;
  isExecutable: (file: string) => boolean;
}

/** The unpacked browser of the installed package, or undefined when the package is absent. */
export async function npmChromium(options: NpmChromiumOptions): Promise<string | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const packageDir = installedPackageDir();
  if (!packageDir) return undefined;
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const target = path.join(options.cacheDir ?? defaultCacheDir(), `chromium-${version}`, 'chromium');
  if (options.isExecutable(target)) return target;
  await unpack(path.join(packageDir, 'bin', 'chromium.br'), target);
  return target;
}

function installedPackageDir(): string | undefined {
  try {
    // The package's entry point is build/index.js; its folder's parent is the package root.
    return path.resolve(path.dirname(fileURLToPath(import.meta.resolve(npmChromiumPackage))), '..');
  } catch {
    return undefined;
  }
}

function defaultCacheDir(): string {
  // Per user: a folder another user created would not be writable, nor trustworthy.
  return path.join(tmpdir(), `platform-npm-chromium-${userInfo().uid}`);
}

async function unpack(packed: string, target: string): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  try {
    await pipeline(createReadStream(packed), createBrotliDecompress(), createWriteStream(partial, { mode: 0o700 }));
    chmodSync(partial, 0o700);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}
