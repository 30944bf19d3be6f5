// The human text of `access diff` (docs/access-review.md#diff): one block per rule and per document
// that differs, widenings first, each with what changed and, for rows or a check that widened, the
// witness: a session and the rows the new version lets through and the old did not.
import type { FilterComparison } from './compare-filters.ts';
import type { DiffOutcome, JudgedDocument, JudgedOperation, JudgedRule, StaleEntry } from './diff-allow-list.ts';
import type { Witness } from './find-counterexample.ts';

function valueText(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

function pairs(values: { readonly [name: string]: unknown }): string {
  const entries = Object.entries(values);
  return entries.length === 0 ? '(any)' : entries.map(([name, value]) => `${name} = ${valueText(value)}`).join(', ');
}

export function renderWitness(witness: Witness, indent: string): string[] {
  return [
    `${indent}session: ${pairs(witness.session)}`,
    `${indent}row:     ${pairs(witness.row)}`,
    ...witness.related.map((related) => `${indent}related ${related.path} (${related.table}): ${pairs(related.row)}`),
  ];
}

const verdictText = (verdict: string): string => verdict.replaceAll('-', ' ');

/** Directions of the rule's text no request reaches (docs/access-review.md#write-rules-judged-as-a-whole). */
function unreachableLines(comparison: FilterComparison): string[] {
  const lines: string[] = [];
  if (comparison.unreachable.widening) lines.push('    widened in the rule, not reachable by any request');
  if (comparison.unreachable.narrowing) lines.push('    narrowed in the rule, not reachable by any request');
  return lines;
}

function comparisonLines(label: string, comparison: FilterComparison | null): string[] {
  if (!comparison || comparison.verdict === 'equivalent')
    return comparison ? [`  ${label}: rewritten, equivalent`] : [];
  const lines = [`  ${label}: ${verdictText(comparison.verdict)}`, ...unreachableLines(comparison)];
  if (comparison.widening) lines.push(`    admitted now, not before:`, ...renderWitness(comparison.widening, '      '));
  if (comparison.narrowing)
    lines.push(`    admitted before, not now:`, ...renderWitness(comparison.narrowing, '      '));
  for (const reason of comparison.unknown) lines.push(`    undecided: ${reason}`);
  return lines;
}

function ruleLines(rule: JudgedRule, allowFile: string): string[] {
  const change = rule.change === 'changed' ? '' : ` (action ${rule.change})`;
  const lines = [
    `${markOf(rule)}  ${rule.role} ${rule.table} ${rule.action}: ${verdictText(rule.verdict)}${change}`,
    ...allowedLines(rule, allowFile),
  ];
  if (rule.columns && rule.columns.gained.length > 0) lines.push(`  columns gained: ${rule.columns.gained.join(', ')}`);
  if (rule.columns && rule.columns.lost.length > 0) lines.push(`  columns lost: ${rule.columns.lost.join(', ')}`);
  if (rule.aggregations) lines.push(`  aggregates: ${rule.aggregations.before} -> ${rule.aggregations.after}`);
  if (rule.limit) lines.push(`  limit: ${rule.limit.before ?? 'none'} -> ${rule.limit.after ?? 'none'}`);
  for (const preset of rule.presets)
    lines.push(`  preset ${preset.column}: ${preset.before ?? '(none)'} -> ${preset.after ?? '(none)'}`);
  lines.push(
    ...comparisonLines(
      rule.action === 'insert' ? 'check' : 'rows',
      rule.rows ?? (rule.action === 'insert' ? rule.check : null),
    ),
  );
  if (rule.action === 'update') lines.push(...comparisonLines('check', rule.check));
  for (const request of rule.requests)
    lines.push(
      `  through ${request.through}: allowed now, refused before (${request.refusedBefore}):`,
      `    session: ${pairs(request.session)}`,
      `    ${request.request}`,
    );
  return lines;
}

function markOf(item: JudgedRule | JudgedDocument | JudgedOperation): string {
  return item.widens ? (item.allowedBecause === null ? 'FAIL' : 'allowed') : 'ok';
}

function allowedLines(item: JudgedRule | JudgedDocument | JudgedOperation, allowFile: string): string[] {
  if (!item.widens) return [];
  return [item.allowedBecause !== null ? `  allowed: ${item.allowedBecause}` : `  not in ${allowFile}`];
}

function documentLines(document: JudgedDocument, allowFile: string): string[] {
  const change = document.change === 'changed' ? '' : ` (document ${document.change})`;
  const lines = [`${markOf(document)}  document ${document.document}: ${verdictText(document.verdict)}${change}`];
  lines.push(...allowedLines(document, allowFile));
  if (document.table) lines.push(`  table: ${document.table.before} -> ${document.table.after}`);
  if (document.administrators?.gained.length)
    lines.push(`  administrators gained (every row): ${document.administrators.gained.join(', ')}`);
  if (document.administrators?.lost.length)
    lines.push(`  administrators lost: ${document.administrators.lost.join(', ')}`);
  return [...lines, ...comparisonLines('rows (any filter rule)', document.filter)];
}

const grantText = (grant: JudgedOperation['before']): string => grant.replaceAll('-', ' ');

function operationLines(diffed: JudgedOperation, allowFile: string): string[] {
  return [
    `${markOf(diffed)}  operation ${diffed.operation} role ${diffed.role}: ${grantText(diffed.before)} -> ${grantText(diffed.after)}`,
    ...allowedLines(diffed, allowFile),
    ...(diffed.witness ? [`  witness: ${diffed.witness}`] : []),
  ];
}

function staleNames(stale: StaleEntry): string {
  if ('document' in stale) return `document ${stale.document}`;
  if ('operation' in stale) return `operation ${stale.operation} role ${stale.role}`;
  return `${stale.role} ${stale.table} ${stale.action}`;
}

function staleLine(stale: StaleEntry, allowFile: string): string {
  const names = staleNames(stale);
  return `stale: ${allowFile} entry ${stale.index} (${names}) matches no widening; remove it`;
}

export function renderDiff(outcome: DiffOutcome, versions: string, allowFile: string): string {
  const order = (item: JudgedRule | JudgedDocument | JudgedOperation) =>
    item.widens ? (item.allowedBecause === null ? 0 : 1) : 2;
  const operations = [...outcome.operations].sort((a, b) => order(a) - order(b));
  const operationWidenings = outcome.operations.filter((diffed) => diffed.widens).length;
  const rules = [...outcome.rules].sort((a, b) => order(a) - order(b));
  const documents = [...outcome.documents].sort((a, b) => order(a) - order(b));
  const widenings = outcome.rules.filter((rule) => rule.widens).length;
  const documentWidenings = outcome.documents.filter((document) => document.widens).length;
  const lines = [
    `access diff ${versions}`,
    `${outcome.compared} role x table x action rules compared, ${outcome.rules.length} differ: ` +
      `${widenings} may widen access, ${outcome.rules.length - widenings} do not; ` +
      `${outcome.comparedDocuments} documents compared, ${outcome.documents.length} differ: ` +
      `${documentWidenings} may widen access, ${outcome.documents.length - documentWidenings} do not ` +
      `(${outcome.unallowed} widening${outcome.unallowed === 1 ? '' : 's'} not allowed).`,
  ];
  // Only when a grant changed, so a diff of rules alone reads as before business_operations existed.
  if (outcome.operations.length > 0)
    lines.push(
      `${outcome.comparedOperations} business operations compared, ${outcome.operations.length} operation x role grants differ: ` +
        `${operationWidenings} widen access, ${outcome.operations.length - operationWidenings} do not.`,
    );
  if (outcome.operationsSectionAdded)
    lines.push(
      'business_operations added: the earlier version checks no role for business operations, so there is nothing to compare (explain --operation shows each)',
    );
  if (outcome.roles.gained.length > 0) lines.push(`roles gained: ${outcome.roles.gained.join(', ')}`);
  if (outcome.roles.lost.length > 0) lines.push(`roles lost: ${outcome.roles.lost.join(', ')}`);
  if (outcome.sessionVariables.gained.length > 0)
    lines.push(`session variables gained: ${outcome.sessionVariables.gained.join(', ')}`);
  if (outcome.sessionVariables.lost.length > 0)
    lines.push(`session variables lost: ${outcome.sessionVariables.lost.join(', ')}`);
  for (const rule of rules) lines.push('', ...ruleLines(rule, allowFile));
  for (const document of documents) lines.push('', ...documentLines(document, allowFile));
  for (const diffed of operations) lines.push('', ...operationLines(diffed, allowFile));
  for (const stale of outcome.stale) lines.push('', staleLine(stale, allowFile));
  return `${lines.join('\n')}\n`;
}
