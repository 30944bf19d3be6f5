// Seeded drawing for the robustness fuzzer (docs/robustness.md): each request is a pure function
// of its seed and index, drawn through fast-check's generator, so `FUZZ_SEEDS=<seed>
// FUZZ_INDEX=<index>` rebuilds exactly the request that failed.
import fc from 'fast-check';

export interface Draw {
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** true with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the values, each with its weight. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T;
  /** Any text: every Unicode code point, lone surrogates included. */
  text(maxLength: number): string;
  /** Printable ASCII. */
  ascii(minLength: number, maxLength: number): string;
  /** A string the regular expression matches. */
  matching(pattern: string): string;
  uuid(): string;
  /** Any JSON value, nested at most `maxDepth` levels. */
  json(maxDepth: number): unknown;
  bytes(minLength: number, maxLength: number): Buffer;
}

/**
 * fast-check's seed is a 32-bit integer: mixing seed and index with a multiplicative hash keeps
 * the requests of different seeds apart.
 */
export function requestSeed(seed: number, index: number): number {
  return (Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) | 0;
}

export function drawFor(seed: number, index: number): Draw {
  const [draw] = fc.sample(new DrawArbitrary(), { seed: requestSeed(seed, index), numRuns: 1 });
  if (!draw) throw new Error('fast-check drew nothing');
  return draw;
}

/**
 * Hands out fast-check's seeded random source itself, so one request can draw as many values
 * as it needs. (fc.gen() does the same, but builds every arbitrary anew for each request, which
 * cost milliseconds a request; these are built once and kept.)
 */
class DrawArbitrary extends fc.Arbitrary<Draw> {
  override generate(random: fc.Random): fc.Value<Draw> {
    return new fc.Value(drawFrom(random), undefined);
  }
  override canShrinkWithoutContext(value: unknown): value is Draw {
    void value;
    return false;
  }
  override shrink(): fc.Stream<fc.Value<Draw>> {
    return fc.Stream.nil();
  }
}

const arbitraries = new Map<string, fc.Arbitrary<unknown>>();

function arbitrary<T>(key: string, build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  let found = arbitraries.get(key);
  if (!found) {
    found = build();
    arbitraries.set(key, found);
  }
  return found as fc.Arbitrary<T>;
}

function drawFrom(random: fc.Random): Draw {
  const value = <T>(source: fc.Arbitrary<T>): T => source.generate(random, undefined).value;
  const int = (min: number, max: number) => random.nextInt(min, max);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    int,
    chance: (probability) => random.nextDouble() < probability,
    pick,
    weighted(choices) {
      const total = choices.reduce((sum, [weight]) => sum + weight, 0);
      let point = int(0, total - 1);
      for (const [weight, choice] of choices) {
        if (point < weight) return choice;
        point -= weight;
      }
      throw new Error('weights must be positive whole numbers');
    },
    // Drawn by hand: fc.string({ unit: 'binary' }) takes seconds to build its code point table.
    text: (maxLength) =>
      Array.from({ length: int(0, maxLength) }, () => {
        const range = int(0, 9);
        if (range < 5) return String.fromCharCode(int(0x20, 0x7e));
        if (range < 7) return String.fromCharCode(int(0, 0xffff));
        if (range < 9) return String.fromCodePoint(int(0x10000, 0x10ffff));
        return String.fromCharCode(int(0xd800, 0xdfff));
      }).join(''),
    ascii: (minLength, maxLength) =>
      value(
        arbitrary(`ascii ${minLength} ${maxLength}`, () => fc.string({ unit: 'grapheme-ascii', minLength, maxLength })),
      ),
    matching: (pattern) => value(arbitrary(`matching ${pattern}`, () => fc.stringMatching(new RegExp(pattern)))),
    uuid: () => value(arbitrary('uuid', () => fc.uuid())),
    json: (maxDepth) => value(arbitrary(`json ${maxDepth}`, () => fc.jsonValue({ maxDepth }))),
    bytes: (minLength, maxLength) =>
      Buffer.from(value(arbitrary(`bytes ${minLength} ${maxLength}`, () => fc.uint8Array({ minLength, maxLength })))),
  };
}
