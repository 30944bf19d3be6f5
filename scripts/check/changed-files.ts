// What `npm run check` looks at (docs/testing.md#npm-run-check): the merge base of HEAD with
// origin/main (or main), and the files that differ from it in the working tree, untracked files
// included. On main itself it is HEAD~1, as CI compares (.ci/run), and with no main at all
// HEAD~1 too; a branch with no commit of its own yet is its working tree's edits.
import { git } from '../../src/cli/git-file-at.ts';

export interface Changes {
  /** The commit compared against (a full hash), or null when HEAD has no parent and no main. */
  readonly base: string | null;
  /** How the base was found, for the heading: `merge base with main`, `HEAD~1`. */
  readonly baseName: string;
  /** Paths from the repository root, `/`-separated, sorted. */
  readonly files: readonly string[];
}

function verified(root: string, ref: string): string | null {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim() || null;
  } catch {
    return null;
  }
}

function mergeBase(root: string, ref: string): string | null {
  try {
    return git(root, ['merge-base', 'HEAD', ref]).trim() || null;
  } catch {
    return null;
  }
}

function currentBranch(root: string): string | null {
  try {
    return git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']).trim();
  } catch {
    return null;
  }
}

function baseOf(root: string): { base: string | null; baseName: string } {
  if (currentBranch(root) !== 'main') {
    for (const ref of ['origin/main', 'main']) {
      if (verified(root, ref) === null) continue;
      const base = mergeBase(root, ref);
      if (base !== null) return { base, baseName: `merge base with ${ref}` };
    }
  }
  const previous = verified(root, 'HEAD~1');
  return previous ? { base: previous, baseName: 'HEAD~1' } : { base: verified(root, 'HEAD'), baseName: 'HEAD' };
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

export function changesSince(root: string): Changes {
  const { base, baseName } = baseOf(root);
  const differing = base ? lines(git(root, ['diff', '--name-only', '--no-renames', base, '--'])) : [];
  const untracked = lines(git(root, ['ls-files', '--others', '--exclude-standard']));
  return { base, baseName, files: [...new Set([...differing, ...untracked])].sort() };
}
