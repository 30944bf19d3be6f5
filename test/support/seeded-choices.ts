// Seeded choices for randomized tests and generated corpora: the simulators' mulberry32
// (src/providers/simulated-market/seeded-random.ts) with the draws tests make of it, so a seed
// replays the same run or writes the same corpus on every machine.
import { seededRandom } from '../../src/providers/simulated-market/seeded-random.ts';

export interface SeededChoices {
  /** Uniform in [0, 1). */
  readonly next: () => number;
  /** An integer in [0, n). */
  readonly below: (n: number) => number;
  readonly pick: <Item>(items: readonly Item[]) => Item;
  /** A Fisher–Yates shuffled copy. */
  readonly shuffle: <Item>(items: readonly Item[]) => Item[];
}

export function seededChoices(seed: number): SeededChoices {
  const next = seededRandom(seed);
  const below = (n: number) => Math.floor(next() * n);
  const shuffle = <Item>(items: readonly Item[]): Item[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = below(index + 1);
      [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
    }
    return copy;
  };
  return { next, below, pick: (items) => items[below(items.length)] as (typeof items)[number], shuffle };
}
