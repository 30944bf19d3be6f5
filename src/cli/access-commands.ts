// What each `npm run access` command does once parsed (docs/access-review.md): over the compiled
// rules the service runs (generated/permissions/compiled-permissions.ts). Returns the exit code;
// a ReviewError (unknown role, table, column, action, a malformed allow-list) is the caller's to
// report with exit code 2.
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel } from '../access/permission-model.ts';
import { judgeDiff, parseDiffAllowList } from '../access-review/diff/diff-allow-list.ts';
import { diffPermissions } from '../access-review/diff/diff-permissions.ts';
import { renderDiff } from '../access-review/diff/render-diff.ts';
import { explainAccess } from '../access-review/explain-access.ts';
import { explainOperation, renderOperationExplanation } from '../access-review/explain-operation.ts';
import { accessRecords } from '../access-review/export/access-records.ts';
import { formatRecords } from '../access-review/export/format-records.ts';
import { parseAllowList } from '../access-review/lint/allow-list.ts';
import { lintPermissions } from '../access-review/lint/lint-permissions.ts';
import { judgeFindings, lintPassed } from '../access-review/lint/lint-outcome.ts';
import { renderLintOutcome } from '../access-review/lint/render-lint-outcome.ts';
import { renderExplanation } from '../access-review/render-explanation.ts';
import type { AccessCommand } from './parse-access-command.ts';

const model: PermissionModel = permissionModel;

export interface AccessIo {
  readonly out: (text: string) => void;
  /** The allow-list named by --allow, or the default one (null when the default file is absent). */
  readonly readAllowList: (
    file: string | undefined,
    kind?: 'lint' | 'diff',
  ) => { readonly name: string; readonly text: string } | null;
  /** The compiled models of permissions.yaml at git refs (`-`: the working tree), in order. */
  readonly permissionsVersions: (refs: readonly string[]) => readonly unknown[];
}

export function runAccessCommand(command: Exclude<AccessCommand, { name: 'help' }>, io: AccessIo): number {
  switch (command.name) {
    case 'explain': {
      const explanation = explainAccess(command);
      io.out(command.json ? `${JSON.stringify(explanation, null, 2)}\n` : renderExplanation(explanation));
      return 0;
    }
    case 'explain-operation': {
      const explanation = explainOperation(model, command);
      io.out(command.json ? `${JSON.stringify(explanation, null, 2)}\n` : renderOperationExplanation(explanation));
      return 0;
    }
    case 'lint': {
      const allowList = io.readAllowList(command.allowFile);
      const entries = allowList ? parseAllowList(allowList.text, allowList.name) : [];
      const outcome = judgeFindings(lintPermissions(model), entries);
      io.out(command.json ? `${JSON.stringify(outcome, null, 2)}\n` : renderLintOutcome(outcome, command.verbose));
      return lintPassed(outcome) ? 0 : 1;
    }
    case 'export':
      io.out(formatRecords(accessRecords(model), command.format));
      return 0;
    case 'diff': {
      const allowList = io.readAllowList(command.allowFile, 'diff');
      const entries = allowList ? parseDiffAllowList(allowList.text, allowList.name) : [];
      const [before, after] = io.permissionsVersions([command.before, command.after ?? '-']) as PermissionModel[];
      const outcome = judgeDiff(diffPermissions(before as PermissionModel, after as PermissionModel), entries);
      const versions = `${command.before} -> ${command.after ?? 'working tree'}`;
      io.out(
        command.json
          ? `${JSON.stringify({ before: command.before, after: command.after, ...outcome }, null, 2)}\n`
          : renderDiff(outcome, versions, allowList?.name ?? 'access-diff-allow.yaml'),
      );
      return outcome.unallowed === 0 ? 0 : 1;
    }
  }
}
