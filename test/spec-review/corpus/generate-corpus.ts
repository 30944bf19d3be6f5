// Writes the spec diff corpus (docs/spec-diff.md#how-it-is-tested): snapshots of the real
// openapi.yaml and schema.graphql into base/, and corpus.json: a seeded, deterministic sample of
// every operator's candidates (openapi-operators.ts, graphql-operators.ts), each with the changes
// it must produce, plus hand-written-entries.ts. Run it after a spec changed enough that the
// corpus should follow: node test/spec-review/corpus/generate-corpus.ts
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import { parse } from 'yaml';
import { baseDir, type CorpusEntry } from './corpus-entry.ts';
import { seededChoices } from '../../support/seeded-choices.ts';
import type { Random } from './corpus-random.ts';
import { graphqlBreakingOperators, graphqlRefactorOperators } from './graphql-operators.ts';
import { handWrittenEntries } from './hand-written-entries.ts';
import { breakingOperators, refactorOperators } from './openapi-operators.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const random = seededChoices(20_261_125);

/** How many candidates of each operator the corpus keeps. */
const perOperator = { openapiBreaking: 2, openapiRefactor: 3, graphqlBreaking: 3, graphqlRefactor: 3 };

copyFileSync(path.join(repo, 'openapi.yaml'), path.join(baseDir, 'openapi.yaml'));
copyFileSync(path.join(repo, 'schema.graphql'), path.join(baseDir, 'schema.graphql'));
const openapi = parse(readFileSync(path.join(baseDir, 'openapi.yaml'), 'utf8')) as Record<string, unknown>;
const graphql = readFileSync(path.join(baseDir, 'schema.graphql'), 'utf8');

const entries: CorpusEntry[] = [];
function sample<Candidate extends { target: string; expected: CorpusEntry['expected'] }>(
  operators: Record<string, (input: any, random: Random) => Candidate[]>,
  input: unknown,
  count: number,
  shape: (candidate: Candidate) => Pick<CorpusEntry, 'spec' | 'openapi' | 'graphql'>,
  entryClass: CorpusEntry['class'],
) {
  for (const [operator, make] of Object.entries(operators)) {
    for (const candidate of random.shuffle(make(input, random)).slice(0, count)) {
      entries.push({
        id: `${entryClass === 'refactor' ? 'refactor' : 'break'}-${String(entries.length + 1).padStart(3, '0')}`,
        class: entryClass,
        origin: 'generated',
        operator,
        target: candidate.target,
        ...shape(candidate),
        expected: candidate.expected,
      });
    }
  }
}

sample(
  breakingOperators,
  openapi,
  perOperator.openapiBreaking,
  (candidate) => ({ spec: 'openapi.yaml', openapi: candidate.edits }),
  'breaking',
);
sample(
  graphqlBreakingOperators,
  graphql,
  perOperator.graphqlBreaking,
  (candidate) => ({ spec: 'schema.graphql', graphql: candidate.edits }),
  'breaking',
);
sample(
  refactorOperators,
  openapi,
  perOperator.openapiRefactor,
  (candidate) => ({ spec: 'openapi.yaml', openapi: candidate.edits }),
  'refactor',
);
sample(
  graphqlRefactorOperators,
  graphql,
  perOperator.graphqlRefactor,
  (candidate) => ({ spec: 'schema.graphql', graphql: candidate.edits }),
  'refactor',
);
entries.push(...handWrittenEntries.map((entry) => ({ ...entry, origin: 'hand-written' as const })));

const file = path.join(import.meta.dirname, 'corpus.json');
writeFileSync(file, await format(JSON.stringify(entries), { parser: 'json', printWidth: 120 }));
const count = (entryClass: string) => entries.filter((entry) => entry.class === entryClass).length;
console.log(
  `${file}: ${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('refactor')} refactors`,
);
