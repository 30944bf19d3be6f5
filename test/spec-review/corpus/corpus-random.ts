// The corpus operators' randomness (docs/spec-diff.md#how-it-is-tested): what they draw from the
// seeded choices of test/support/seeded-choices.ts, so generate-corpus.ts writes the same corpus
// on every run.
export interface Random {
  readonly pick: <Item>(items: readonly Item[]) => Item;
  readonly shuffle: <Item>(items: readonly Item[]) => Item[];
}

/** A shuffled copy that differs from the original (reversed when the shuffle kept the order). */
export function reordered<Item>(random: Random, items: readonly Item[]): Item[] {
  const shuffled = random.shuffle(items);
  return shuffled.every((item, index) => item === items[index]) ? [...items].reverse() : shuffled;
}
