// Writes test/access-review/corpus/corpus.json (docs/access-review.md#the-corpus): seeded,
// deterministic mutations and refactors of the real permissions.yaml, each with the verdict its
// operator guarantees (in effect where no request reaches it: in-effect-entries.ts), plus the
// hand-written ones of hand-written-entries.ts. Operators only
// touch a rule where the guarantee holds: a conjunct is changed or dropped only when no other
// conjunct mentions its column or relationship, a condition is added only on a column or
// relationship the filter does not mention, so the verdict follows from the operator alone.
// Candidates that do not compile are skipped. Run: node test/access-review/corpus/generate-corpus.ts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import { parse } from 'yaml';
import { applyEntry, compileYaml, type CorpusEntry } from './corpus-entry.ts';
import { handWrittenEntries } from './hand-written-entries.ts';
import { withVerdictInEffect } from './in-effect-entries.ts';
import { seededChoices } from '../../support/seeded-choices.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const yamlText = readFileSync(path.join(repo, 'permissions.yaml'), 'utf8');
const source = parse(yamlText) as {
  tables: Record<string, Record<string, unknown>>;
  secret_columns: Record<string, string[] | string>;
};
const model = compileYaml(yamlText, 'permissions.yaml');

const seed = 20_240_601;
const wantedMutations = 230;
const wantedRefactors = 70;

// Seeded, so the corpus is the same on every run.
const { pick, shuffle } = seededChoices(seed);

type Yaml = Record<string, unknown>;
type Action = CorpusEntry['action'];
const actions: Action[] = ['select', 'insert', 'update', 'delete'];
const clone = <Value>(value: Value): Value => structuredClone(value);

const tableModel = (table: string) => model.tables[table] as NonNullable<(typeof model.tables)[string]>;
const isRelationship = (table: string, key: string) => key in tableModel(table).relationships;

/** A filter's top-level conjuncts: `_and` operands, or one per key of a mapping. */
function conjuncts(filter: Yaml): Yaml[] {
  const keys = Object.keys(filter);
  if (keys.length === 1 && keys[0] === '_and') return filter._and as Yaml[];
  return keys.map((key) => ({ [key]: filter[key] }));
}

/** Root columns and relationships a condition mentions (a relationship also mentions its join columns). */
function mentions(table: string, filter: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '_and' || key === '_or' || key === '_not') walk(inner);
      else if (isRelationship(table, key)) {
        found.add(key);
        for (const local of Object.keys(tableModel(table).relationships[key]?.columnMapping ?? {})) found.add(local);
      } else found.add(key);
    }
  };
  walk(filter);
  return found;
}

function freshConstant(dataType: string): unknown {
  if (dataType === 'int4' || dataType === 'int8') return pick([424242, 777001, 31337]);
  if (dataType === 'uuid')
    return pick(['0f0f0f0f-0000-4000-8000-00000000c0de', '0e0e0e0e-0000-4000-8000-00000000beef']);
  if (dataType === 'text') return pick(['corpus-value', 'zz-unlisted', 'archived-x']);
  return null;
}

interface Column {
  readonly name: string;
  readonly dataType: string;
}
function plainColumns(table: string): Column[] {
  return tableModel(table).columns.filter((column) => freshConstant(column.dataType) !== null);
}

function condition(column: Column, operator = '_eq'): Yaml {
  return { [column.name]: { [operator]: freshConstant(column.dataType) } };
}

type Candidate = Omit<CorpusEntry, 'id'>;

function withFilter(rule: Yaml, key: string, filter: Yaml): Yaml {
  return { ...clone(rule), [key]: filter };
}

function filterMutations(
  table: string,
  action: Action,
  role: string,
  rule: Yaml,
  key: 'filter' | 'check',
): Candidate[] {
  const base = { role, table, action, kind: 'mutation' as const };
  const filter = (rule[key] ?? {}) as Yaml;
  const parts = conjuncts(filter);
  const used = mentions(table, filter);
  const free = plainColumns(table).filter((column) => !used.has(column.name));
  const out: Candidate[] = [];
  const column = free.length > 0 ? pick(free) : null;
  const empty = Object.keys(filter).length === 0;
  if (column) {
    out.push({
      ...base,
      operator: `${key}-and-condition`,
      rule: withFilter(rule, key, { _and: [...parts, condition(column)] }),
      expected: 'less-permissive',
    });
    if (!empty)
      out.push({
        ...base,
        operator: `${key}-or-condition`,
        rule: withFilter(rule, key, { _or: [filter, condition(column)] }),
        expected: 'more-permissive',
      });
    if (!empty)
      out.push({
        ...base,
        operator: `${key}-replace-with-condition`,
        rule: withFilter(rule, key, condition(column)),
        expected: 'incomparable',
      });
  }
  const integers = free.filter((found) => found.dataType === 'int4');
  if (integers.length > 0) {
    const number = pick(integers);
    out.push({
      ...base,
      operator: `${key}-and-bound`,
      rule: withFilter(rule, key, { _and: [...parts, { [number.name]: { _gt: 100 } }] }),
      expected: 'less-permissive',
    });
  }
  const relationships = Object.entries(tableModel(table).relationships).filter(([name]) => !used.has(name));
  if (relationships.length > 0) {
    const [name, relationship] = pick(relationships);
    const remote = plainColumns(relationship.remoteTable).filter(
      (found) => !Object.values(relationship.columnMapping).includes(found.name),
    );
    if (remote.length > 0) {
      const inner = condition(pick(remote));
      out.push({
        ...base,
        operator: `${key}-and-relationship`,
        rule: withFilter(rule, key, { _and: [...parts, { [name]: inner }] }),
        expected: 'less-permissive',
      });
      if (!empty)
        out.push({
          ...base,
          operator: `${key}-or-relationship`,
          rule: withFilter(rule, key, { _or: [filter, { [name]: inner }] }),
          expected: 'more-permissive',
        });
    }
  }
  parts.forEach((part, index) => {
    const others = parts.filter((_, other) => other !== index);
    const otherMentions = mentions(table, { _and: others });
    const own = mentions(table, part);
    if ([...own].some((name) => otherMentions.has(name))) return;
    const rebuilt = (replacement: Yaml | null): Yaml => {
      const operands = replacement === null ? others : parts.map((item, at) => (at === index ? replacement : item));
      return operands.length === 1 ? (operands[0] as Yaml) : { _and: operands };
    };
    if (parts.length >= 2)
      out.push({
        ...base,
        operator: `${key}-drop-conjunct`,
        rule: withFilter(rule, key, rebuilt(null)),
        expected: 'more-permissive',
      });
    const [field] = Object.keys(part);
    if (!field || field.startsWith('_')) return;
    const comparison = part[field] as Yaml;
    if (isRelationship(table, field)) {
      // The relationship's condition replaced by one on another remote column: incomparable.
      const relationship = tableModel(table).relationships[field];
      const remote = plainColumns(relationship?.remoteTable ?? '').filter(
        (found) => !mentions(relationship?.remoteTable ?? '', comparison).has(found.name),
      );
      if (remote.length > 0)
        out.push({
          ...base,
          operator: `${key}-relationship-condition-replaced`,
          rule: withFilter(rule, key, rebuilt({ [field]: condition(pick(remote)) })),
          expected: 'incomparable',
        });
      if (Object.keys(comparison).length > 0 && remote.length > 0)
        out.push({
          ...base,
          operator: `${key}-relationship-condition-narrowed`,
          rule: withFilter(rule, key, rebuilt({ [field]: { _and: [comparison, condition(pick(remote))] } })),
          expected: 'less-permissive',
        });
      return;
    }
    const [operator] = Object.keys(comparison);
    const value = comparison[operator as string];
    const swap = (to: string, newValue: unknown = value): Yaml => rebuilt({ [field]: { [to]: newValue } });
    const dataType = tableModel(table).columns.find((found) => found.name === field)?.dataType ?? 'text';
    if (operator === '_eq') {
      out.push({
        ...base,
        operator: `${key}-eq-to-neq`,
        rule: withFilter(rule, key, swap('_neq')),
        expected: 'incomparable',
      });
      if (typeof value === 'string' && !/^x-data-/i.test(value) && freshConstant(dataType) !== null) {
        out.push({
          ...base,
          operator: `${key}-constant-changed`,
          rule: withFilter(rule, key, swap('_eq', freshConstant(dataType))),
          expected: 'incomparable',
        });
        out.push({
          ...base,
          operator: `${key}-eq-to-in-wider`,
          rule: withFilter(rule, key, swap('_in', [value, freshConstant(dataType)])),
          expected: 'more-permissive',
        });
      }
    }
    if (operator === '_neq') {
      out.push({
        ...base,
        operator: `${key}-neq-to-eq`,
        rule: withFilter(rule, key, swap('_eq')),
        expected: 'incomparable',
      });
      if (typeof value === 'string' && !/^x-data-/i.test(value) && freshConstant(dataType) !== null)
        out.push({
          ...base,
          operator: `${key}-neq-to-nin-narrower`,
          rule: withFilter(rule, key, swap('_nin', [value, freshConstant(dataType)])),
          expected: 'less-permissive',
        });
    }
    if (operator === '_in' && Array.isArray(value)) {
      if (value.length >= 2)
        out.push({
          ...base,
          operator: `${key}-in-element-removed`,
          rule: withFilter(rule, key, swap('_in', value.slice(1))),
          expected: 'less-permissive',
        });
      if (freshConstant(dataType) !== null)
        out.push({
          ...base,
          operator: `${key}-in-element-added`,
          rule: withFilter(rule, key, swap('_in', [...value, freshConstant(dataType)])),
          expected: 'more-permissive',
        });
      out.push({
        ...base,
        operator: `${key}-in-to-nin`,
        rule: withFilter(rule, key, swap('_nin')),
        expected: 'incomparable',
      });
    }
    if (operator === '_is_null')
      out.push({
        ...base,
        operator: `${key}-is-null-flipped`,
        rule: withFilter(rule, key, swap('_is_null', !value)),
        expected: 'incomparable',
      });
  });
  return out;
}

function filterRefactors(
  table: string,
  action: Action,
  role: string,
  rule: Yaml,
  key: 'filter' | 'check',
): Candidate[] {
  const base = { role, table, action, kind: 'refactor' as const, expected: 'equivalent' as const };
  const filter = (rule[key] ?? {}) as Yaml;
  if (Object.keys(filter).length === 0) return [];
  const parts = conjuncts(filter);
  const out: Candidate[] = [
    { ...base, operator: `${key}-double-negation`, rule: withFilter(rule, key, { _not: { _not: filter } }) },
    { ...base, operator: `${key}-and-with-itself`, rule: withFilter(rule, key, { _and: [filter, filter] }) },
    { ...base, operator: `${key}-or-with-itself`, rule: withFilter(rule, key, { _or: [filter, clone(filter)] }) },
  ];
  if (parts.length >= 2) {
    out.push({
      ...base,
      operator: `${key}-and-reordered`,
      rule: withFilter(rule, key, { _and: [...parts].reverse() }),
    });
    out.push({
      ...base,
      operator: `${key}-de-morgan`,
      rule: withFilter(rule, key, { _not: { _or: parts.map((part) => ({ _not: part })) } }),
    });
    out.push({
      ...base,
      operator: `${key}-and-nested`,
      rule: withFilter(rule, key, { _and: [parts[0], { _and: parts.slice(1) }] }),
    });
  }
  const keys = Object.keys(filter);
  if (keys.length === 1 && keys[0] === '_or') {
    const operands = filter._or as Yaml[];
    out.push({
      ...base,
      operator: `${key}-or-reordered`,
      rule: withFilter(rule, key, { _or: [...operands].reverse() }),
    });
    out.push({
      ...base,
      operator: `${key}-or-de-morgan`,
      rule: withFilter(rule, key, { _not: { _and: operands.map((part) => ({ _not: part })) } }),
    });
  }
  parts.forEach((part, index) => {
    const [field] = Object.keys(part);
    if (!field || field.startsWith('_')) return;
    const replace = (replacement: Yaml): Yaml => {
      const operands = parts.map((item, at) => (at === index ? replacement : item));
      return operands.length === 1 ? (operands[0] as Yaml) : { _and: operands };
    };
    const comparison = part[field] as Yaml;
    if (isRelationship(table, field)) {
      out.push({
        ...base,
        operator: `${key}-relationship-split`,
        rule: withFilter(rule, key, replace({ _and: [{ [field]: comparison }, { [field]: clone(comparison) }] })),
      });
      return;
    }
    const [operator] = Object.keys(comparison);
    const value = comparison[operator as string];
    if (operator === '_in' && Array.isArray(value))
      out.push({
        ...base,
        operator: `${key}-in-split`,
        rule: withFilter(rule, key, replace({ _or: value.map((item) => ({ [field]: { _eq: item } })) })),
      });
    if (operator === '_neq')
      out.push({
        ...base,
        operator: `${key}-neq-as-not-eq`,
        rule: withFilter(rule, key, replace({ _not: { [field]: { _eq: value } } })),
      });
    if (operator === '_eq' && typeof value === 'string' && !/^x-data-/i.test(value))
      out.push({
        ...base,
        operator: `${key}-eq-as-in`,
        rule: withFilter(rule, key, replace({ [field]: { _in: [value] } })),
      });
    if (operator === '_eq')
      out.push({
        ...base,
        operator: `${key}-eq-as-not-neq-and-not-null`,
        rule: withFilter(
          rule,
          key,
          replace({ _and: [{ _not: { [field]: { _neq: value } } }, { [field]: { _is_null: false } }] }),
        ),
      });
  });
  return out;
}

function columnList(table: string, rule: Yaml): string[] {
  const secret = source.secret_columns[table];
  const all = tableModel(table)
    .columns.map((column) => column.name)
    .filter((name) => !(Array.isArray(secret) && secret.includes(name)));
  return rule.columns === '*' ? all : (rule.columns as string[]);
}

function ruleMutations(table: string, action: Action, role: string, rule: Yaml): Candidate[] {
  const base = { role, table, action, kind: 'mutation' as const };
  const out: Candidate[] = [{ ...base, operator: 'action-removed', rule: null, expected: 'less-permissive' }];
  if (action !== 'delete') {
    const columns = columnList(table, rule);
    const all = tableModel(table).columns.map((column) => column.name);
    const missing = all.filter((name) => !columns.includes(name));
    if (missing.length > 0)
      out.push({
        ...base,
        operator: 'column-added',
        rule: { ...clone(rule), columns: [...columns, pick(missing)] },
        expected: 'more-permissive',
      });
    if (columns.length >= 2) {
      const dropped = pick(columns);
      out.push({
        ...base,
        operator: 'column-removed',
        rule: { ...clone(rule), columns: columns.filter((name) => name !== dropped) },
        expected: 'less-permissive',
      });
      if (missing.length > 0)
        out.push({
          ...base,
          operator: 'column-swapped',
          rule: { ...clone(rule), columns: [...columns.filter((name) => name !== dropped), pick(missing)] },
          expected: 'incomparable',
        });
    }
  }
  if (action === 'select') {
    out.push({
      ...base,
      operator: 'aggregations-toggled',
      rule: { ...clone(rule), allow_aggregations: !rule.allow_aggregations },
      expected: rule.allow_aggregations ? 'less-permissive' : 'more-permissive',
    });
    if (rule.limit === undefined)
      out.push({ ...base, operator: 'limit-added', rule: { ...clone(rule), limit: 50 }, expected: 'less-permissive' });
    else
      out.push({
        ...base,
        operator: 'limit-removed',
        rule: (({ limit: _, ...rest }) => rest)(clone(rule)),
        expected: 'more-permissive',
      });
  }
  if ((action === 'insert' || action === 'update') && rule.set && Object.keys(rule.set as Yaml).length > 0) {
    const [column] = Object.keys(rule.set as Yaml);
    const set = { ...(rule.set as Yaml) };
    delete set[column as string];
    const withoutSet =
      Object.keys(set).length > 0 ? { ...clone(rule), set } : (({ set: _, ...rest }) => rest)(clone(rule));
    out.push({ ...base, operator: 'preset-removed', rule: withoutSet, expected: 'incomparable' });
  }
  return out;
}

function gainedActions(table: string, role: string, rules: Partial<Record<Action, Yaml>>): Candidate[] {
  const base = { role, table, kind: 'mutation' as const, expected: 'more-permissive' as const };
  const out: Candidate[] = [];
  const select = rules.select;
  if (select && !rules.delete)
    out.push({ ...base, action: 'delete', operator: 'action-added', rule: { filter: clone(select.filter ?? {}) } });
  if (select && !rules.update && Array.isArray(select.columns) && select.columns.length > 1)
    out.push({
      ...base,
      action: 'update',
      operator: 'action-added',
      rule: { filter: clone(select.filter ?? {}), columns: [select.columns[1]], check: clone(select.filter ?? {}) },
    });
  return out;
}

const candidates: Candidate[] = [];
for (const [table, definition] of Object.entries(source.tables)) {
  const roles = new Set(actions.flatMap((action) => Object.keys((definition[action] as Yaml | undefined) ?? {})));
  for (const role of roles) {
    const rules: Partial<Record<Action, Yaml>> = {};
    for (const action of actions) {
      const rule = (definition[action] as Record<string, Yaml> | undefined)?.[role];
      if (!rule) continue;
      rules[action] = rule;
      const keys: ('filter' | 'check')[] =
        action === 'insert' ? ['check'] : action === 'update' ? ['filter', 'check'] : ['filter'];
      for (const key of keys) {
        if (key === 'check' && action === 'update' && rule.check === undefined) continue;
        candidates.push(
          ...filterMutations(table, action, role, rule, key),
          ...filterRefactors(table, action, role, rule, key),
        );
      }
      candidates.push(...ruleMutations(table, action, role, rule));
    }
    candidates.push(...gainedActions(table, role, rules));
  }
}

function compiles(entry: CorpusEntry): boolean {
  try {
    compileYaml(applyEntry(yamlText, entry), `${entry.id}.yaml`);
    return true;
  } catch {
    return false;
  }
}

/** Round-robin over operators, so every operator is represented before any repeats. */
function select(kind: CorpusEntry['kind'], wanted: number): CorpusEntry[] {
  const byOperator = new Map<string, Candidate[]>();
  for (const candidate of shuffle(candidates.filter((found) => found.kind === kind)))
    byOperator.set(candidate.operator, [...(byOperator.get(candidate.operator) ?? []), candidate]);
  const chosen: CorpusEntry[] = [];
  const queues = [...byOperator.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, queue]) => queue);
  while (chosen.length < wanted && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const candidate = queue.shift();
      if (!candidate || chosen.length >= wanted) continue;
      const entry = { id: `${kind}-${String(chosen.length + 1).padStart(3, '0')}`, ...candidate };
      if (compiles(entry)) chosen.push(entry);
    }
  }
  return chosen;
}

const corpus = [
  ...select('mutation', wantedMutations).map(withVerdictInEffect),
  ...select('refactor', wantedRefactors),
  ...handWrittenEntries,
];
// Formatted as prettier formats it, so the committed file is exactly what this writes.
writeFileSync(path.join(import.meta.dirname, 'corpus.json'), await format(JSON.stringify(corpus), { parser: 'json' }));
const count = (kind: string) => corpus.filter((entry) => entry.kind === kind).length;
console.log(`corpus.json: ${count('mutation')} mutations, ${count('refactor')} refactors (seed ${seed})`);
