// A copy of this checkout in a temporary folder, for the tests that run the project's own commands
// on a changed tree (a stale spec, a deliberate mistake, a dev loop): the checkout's files as they
// are (or the `entries` named), and its installed packages as hard links (`cp -al`: cheap, and
// inside the copy, as the bundle's build and Node's resolution want them). The folder is readable
// by all: run as root, embedded PostgreSQL runs its programs as another user, who must reach them.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** What is not the checkout's own: installed packages, local data, builds, git's store. */
const notCopied = new Set(['.git', 'node_modules', '.data', '.test-data', '.build']);

/** The copy's folder; `entries` (top-level names) limits what is copied besides the packages. */
export function copyCheckout(prefix: string, entries?: readonly string[]): string {
  const checkout = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(checkout, 0o755);
  for (const entry of entries ?? readdirSync(repositoryRoot).filter((name) => !notCopied.has(name)))
    cpSync(path.join(repositoryRoot, entry), path.join(checkout, entry), { recursive: true });
  execFileSync('cp', ['-al', path.join(repositoryRoot, 'node_modules'), path.join(checkout, 'node_modules')]);
  return checkout;
}
