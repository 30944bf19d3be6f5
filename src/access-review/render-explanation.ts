// `access explain` as text for a terminal (docs/access-review.md#explain): the summary, then one
// labelled line or block per part of the answer; --as-json prints the Explanation instead.
import type { InsertCapabilityExplanation } from './explain-insert-capabilities.ts';
import type { ExplainedCondition, Explanation, SessionVariableNeed } from './explanation.ts';
import { nestedInsertWords, upsertWords } from './insert-capabilities.ts';

function conditionLines(label: string, condition: ExplainedCondition): string[] {
  return [
    `${label}: ${condition.words}`,
    `  SQL (the data layer's compiler): ${condition.sql.condition}`,
    `  as a query: ${condition.sql.statement}`,
    ...condition.sql.parameterNotes.map((note) => `    ${note}`),
  ];
}

function variablesText(variables: readonly SessionVariableNeed[]): string {
  return variables.length === 0
    ? 'none'
    : variables.map((variable) => `${variable.header} (${variable.type})`).join(', ');
}

/** `on_conflict` and the nested inserts of an insert (docs/access-review.md#explain). */
function insertCapabilityLines(capabilities: InsertCapabilityExplanation): string[] {
  const { upsert, nestedInserts } = capabilities;
  const lines = [`on_conflict (upsert through the update rule): ${upsertWords(upsert)}`];
  if (upsert)
    lines.push(
      `  update path rows: ${upsert.updateRows}`,
      `  update path check: ${upsert.updateCheck}`,
      ...(upsert.updatePresets.length > 0
        ? [`  update path set by the server: ${upsert.updatePresets.join(', ')}`]
        : []),
    );
  lines.push(`nested inserts: ${nestedInsertWords(nestedInserts)}`);
  for (const nested of nestedInserts)
    lines.push(`  ${nested.relationship}: ${nested.table}'s insert rule: ${nested.rule}`);
  return lines;
}

function detailLines(explanation: Explanation): string[] {
  const lines: string[] = [];
  if (explanation.rows) lines.push(...conditionLines('rows', explanation.rows));
  if (explanation.check) lines.push(...conditionLines('check (every written row)', explanation.check));
  if (explanation.action === 'select') lines.push(`columns: ${explanation.columns.join(', ')}`);
  if (explanation.action === 'insert' || explanation.action === 'update')
    lines.push(`columns a client may give: ${explanation.columns.join(', ') || 'none'}`);
  if (explanation.updateOperators.length > 0)
    lines.push(
      `update operators: ${explanation.updateOperators.map(({ operator, columns }) => `${operator} (${columns.join(', ')})`).join(', ')}`,
    );
  if (explanation.presets.length > 0)
    lines.push(
      `set by the server: ${explanation.presets.map((preset) => `${preset.column} := ${preset.value}`).join(', ')}`,
    );
  if (explanation.insertCapabilities) lines.push(...insertCapabilityLines(explanation.insertCapabilities));
  if (explanation.action === 'update' && !explanation.check) lines.push('check: none (any new values are accepted)');
  if (explanation.aggregates !== null)
    lines.push(`aggregates (${explanation.table}_aggregate): ${explanation.aggregates ? 'yes' : 'no'}`);
  if (explanation.action === 'select') lines.push(`limit: ${explanation.limit ?? 'none'}`);
  lines.push(`session variables: ${variablesText(explanation.sessionVariables)}`);
  if (explanation.returningSessionVariables)
    lines.push(
      `reading written rows back (returning) also needs: ${variablesText(explanation.returningSessionVariables)}`,
    );
  return lines;
}

export function renderExplanation(explanation: Explanation): string {
  const lines = [explanation.summary];
  if (explanation.actionAllowed) lines.push(...detailLines(explanation));
  const paths = explanation.reachableThrough.map((path) => `${path.fromTable}.${path.relationship} (${path.kind})`);
  lines.push(
    `also reached through: ${paths.length > 0 ? paths.join(', ') : "no relationship of the role's schema"}${paths.length > 0 ? ' — its select rule applies there too' : ''}`,
  );
  lines.push(...explanation.notes.map((note) => `note: ${note}`));
  return `${lines.join('\n')}\n`;
}
