// The corpus generator's seeded randomness (docs/spec-diff.md#how-it-is-tested): mulberry32, so
// generate-corpus.ts writes the same corpus on every run.
export interface Random {
  readonly pick: <Item>(items: readonly Item[]) => Item;
  readonly shuffle: <Item>(items: readonly Item[]) => Item[];
}

export function seededRandom(seed: number): Random {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffle = <Item>(items: readonly Item[]): Item[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
    }
    return copy;
  };
  return { pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number], shuffle };
}

/** A shuffled copy that differs from the original (reversed when the shuffle kept the order). */
export function reordered<Item>(random: Random, items: readonly Item[]): Item[] {
  const shuffled = random.shuffle(items);
  return shuffled.every((item, index) => item === items[index]) ? [...items].reverse() : shuffled;
}
