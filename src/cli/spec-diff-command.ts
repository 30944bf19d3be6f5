// What `npm run spec:diff` does once parsed (docs/spec-diff.md): read both specs at both
// versions (through `io`, so tests can give texts), diff, judge under the allow-list, print.
// Returns the exit code; a SpecReviewError (unknown ref, a spec that does not parse, a malformed
// allow-list) is the caller's to report with exit code 2.
import { diffSpecs, type SpecVersion } from '../spec-review/diff-specs.ts';
import { judgeSpecDiff } from '../spec-review/judge-spec-diff.ts';
import { renderSpecDiff } from '../spec-review/render-spec-diff.ts';
import { parseSpecAllowList } from '../spec-review/spec-diff-allow-list.ts';
import type { SpecDiffCommand } from './parse-spec-diff-command.ts';

export interface SpecDiffIo {
  readonly out: (text: string) => void;
  /** The allow-list named by --allow, or the default one (null when the default file is absent). */
  readonly readAllowList: (file: string | undefined) => { readonly name: string; readonly text: string } | null;
  /** Both specs at a git ref (null: the working tree). */
  readonly specsAt: (ref: string | null) => SpecVersion;
}

export async function runSpecDiff(
  command: Extract<SpecDiffCommand, { name: 'diff' }>,
  io: SpecDiffIo,
): Promise<number> {
  const allowList = io.readAllowList(command.allowFile);
  const entries = allowList ? parseSpecAllowList(allowList.text, allowList.name) : [];
  const changes = await diffSpecs(io.specsAt(command.before), io.specsAt(command.after));
  const outcome = judgeSpecDiff(changes, entries);
  const versions = `${command.before} -> ${command.after ?? 'working tree'}`;
  io.out(
    command.json
      ? `${JSON.stringify({ before: command.before, after: command.after, ...outcome }, null, 2)}\n`
      : renderSpecDiff(outcome, versions, allowList?.name ?? 'spec-diff-allow.yaml'),
  );
  return outcome.unallowed === 0 ? 0 : 1;
}
