// What `npm run check` says of a failed obligation (docs/testing.md#npm-run-check): the file to
// edit, read from the tool's own output (on the first line that names a file of the checkout,
// stack frames left out: that file, with `:line[:col]` when the tool placed it), and its first
// problem lines, so the one line per obligation points where to go without the full log.
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface ProblemReport {
  /** From the repository root, with `:line[:col]` when the tool gave one; null when none was found. */
  readonly file: string | null;
  readonly lines: readonly string[];
}

const maxLines = 3;
/** A relative path with an extension, or a folder (`generated/`). */
const pathText = String.raw`((?:[\w@.-]+/)*[\w@-][\w@.-]*\.[a-z]{1,8}|(?:[\w@.-]+/)+)`;
// `file:line:col` (most tools), `file(line,col)` (tsc) or the path alone between separators.
const mention = new RegExp(
  String.raw`(?:^|[\s'"\x60(\[])${pathText}(?:(?::(\d+)(?::(\d+))?|\((\d+),(\d+)\))|(?=$|[\s'"\x60):,;\]]))`,
  'g',
);
const stackFrame = /^at\s/;

function cleaned(output: string, root: string): string[] {
  return (
    output
      // eslint and stack traces print absolute paths; the report speaks from the root.
      .replaceAll(`${root}${path.sep}`, '')
      .replace(/\x1b\[[0-9;]*m/g, '')
      // uvu's diffs show spaces as middle dots.
      .replaceAll('·', ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
  );
}

function inCheckout(root: string, file: string): boolean {
  return !file.split('/').includes('node_modules') && existsSync(path.join(root, file));
}

function fileOnLine(root: string, line: string): string | null {
  for (const [, file, at, column, tscLine, tscColumn] of line.matchAll(mention)) {
    if (!file || !inCheckout(root, file)) continue;
    return [file, at ?? tscLine, column ?? tscColumn].filter((part) => part !== undefined).join(':');
  }
  return null;
}

export function problemReport(root: string, output: string, fallbackFile?: string): ProblemReport {
  const lines = cleaned(output, root).filter((line) => !stackFrame.test(line));
  let file: string | null = null;
  for (const line of lines) if ((file = fileOnLine(root, line)) !== null) break;
  file ??= fallbackFile ?? null;
  const named = file?.split(':')[0];
  const aboutFile = named ? lines.filter((line) => line.includes(named)) : [];
  // Test runners repeat a failure's output at the end: each line once.
  const distinct = [...new Set(aboutFile.length > 0 ? aboutFile : lines)];
  return { file, lines: distinct.slice(0, maxLines) };
}
