// Golden files (docs/testing.md#what-a-test-gets): a test's expected output kept in the repository
// and compared byte for byte; a mismatch names the file and its first differing line. With
// UPDATE_SNAPSHOTS=1 the goldens are rewritten from the actual output instead of compared.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');
const rewriteHint = 'UPDATE_SNAPSHOTS=1 rewrites the goldens';

export const updateSnapshots = process.env.UPDATE_SNAPSHOTS === '1';

/** Compares `actual` with the golden `file`, or writes it there when `update` (UPDATE_SNAPSHOTS=1). */
export function assertMatchesGolden(file: string, actual: string, options: { update?: boolean } = {}): void {
  const name = path.relative(root, file);
  if (options.update ?? updateSnapshots) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  let golden: string;
  try {
    golden = readFileSync(file, 'utf8');
  } catch {
    throw goldenFailure(`no golden ${name}; run with UPDATE_SNAPSHOTS=1 to create it`);
  }
  if (golden !== actual)
    throw goldenFailure(`${name} does not match; ${firstDifference(golden, actual)}\n(${rewriteHint})`);
}

export function firstDifference(golden: string, actual: string): string {
  const goldenLines = golden.split('\n');
  const actualLines = actual.split('\n');
  for (let index = 0; index < Math.max(goldenLines.length, actualLines.length); index++) {
    if (goldenLines[index] !== actualLines[index]) {
      return `first difference at line ${index + 1}:\n  golden: ${JSON.stringify(goldenLines[index] ?? '<end of file>')}\n  actual: ${JSON.stringify(actualLines[index] ?? '<end of output>')}`;
    }
  }
  return 'no line differs';
}

function goldenFailure(message: string): assert.Assertion {
  return new assert.Assertion({ message, operator: 'golden', expects: undefined, actual: undefined });
}
