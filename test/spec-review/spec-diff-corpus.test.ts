// `spec:diff` on the committed corpus (docs/spec-diff.md#how-it-is-tested): every seeded or
// hand-written breaking change of openapi.yaml and schema.graphql is found with exactly the
// expected kinds, locations and levels (and nothing else), every non-breaking one is classified
// as expected, and no equivalent refactor lists anything.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyEntry, baseTexts } from './corpus/corpus-entry.ts';
import { corpus, judgeEntry, type Judged } from './corpus/judge-corpus.ts';

const judged: Judged[] = [];
for (const entry of corpus) judged.push(await judgeEntry(entry));

const count = (filter: (entry: (typeof corpus)[number]) => boolean) => corpus.filter(filter).length;

test('the corpus holds at least 60 breaking changes and 30 refactors, of both specs, seeded and hand-written', () => {
  assert.ok(
    count((entry) => entry.class === 'breaking') >= 60,
    `${count((entry) => entry.class === 'breaking')} breaking`,
  );
  assert.ok(
    count((entry) => entry.class === 'refactor') >= 30,
    `${count((entry) => entry.class === 'refactor')} refactors`,
  );
  for (const spec of ['openapi.yaml', 'schema.graphql'] as const)
    for (const entryClass of ['breaking', 'refactor'] as const)
      for (const origin of ['generated', 'hand-written'] as const)
        assert.ok(
          count((entry) => entry.spec === spec && entry.class === entryClass && entry.origin === origin) > 0,
          `${spec} ${entryClass} ${origin}`,
        );
});

test('every entry changes its spec, and only that spec', () => {
  const base = baseTexts();
  for (const entry of corpus) {
    const after = applyEntry(base, entry);
    const [edited, untouched] =
      entry.spec === 'openapi.yaml' ? (['openapi', 'graphql'] as const) : (['graphql', 'openapi'] as const);
    assert.ok(after[edited] !== base[edited], entry.id);
    assert.is(after[untouched], base[untouched], entry.id);
  }
});

test('every breaking entry expects a breaking change, every non-breaking entry none', () => {
  for (const entry of corpus.filter((found) => found.class !== 'refactor'))
    assert.is(
      entry.expected.some((change) => change.level === 'breaking'),
      entry.class === 'breaking',
      entry.id,
    );
});

test('every seeded change is listed exactly as expected: kind, location and level, nothing missing, nothing more', () => {
  const wrong = judged
    .filter((item) => item.entry.class !== 'refactor' && (item.missing.length > 0 || item.unexpected.length > 0))
    .map((item) => ({
      id: item.entry.id,
      operator: item.entry.operator,
      missing: item.missing,
      unexpected: item.unexpected,
    }));
  assert.equal(wrong, []);
});

test('no refactor is flagged: each lists no change at all', () => {
  const flagged = judged
    .filter((item) => item.entry.class === 'refactor' && item.changes.length > 0)
    .map((item) => ({ id: item.entry.id, operator: item.entry.operator, listed: item.unexpected }));
  assert.equal(flagged, []);
});

test.run();
