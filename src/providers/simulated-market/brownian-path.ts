// A random walk that can be read at any step without walking to it (docs/market-data.md#the-simulated-market):
// a Brownian path built by midpoint displacement over 2^36 steps, each displacement drawn from
// a hash of the seed, the key and the step, so the path is a pure function of (seed, key, step):
// every process, node and start with the same seed reads the same value at the same step, in
// 36 hash draws. Increments are approximately normal with a standard deviation of 1 per step.
// Floats are fine here: the path is noise, and only IEEE-exact operations (+, −, ×, ÷, √) are
// used, so every machine computes the same bits; prices are made exact from it by the caller.

/** Steps the path spans: 2^36 seconds reach the year 4147 from the epoch. */
const levels = 36;
const span = 2 ** levels;
const sqrt3 = Math.sqrt(3);

export interface BrownianPath {
  /** The path's value at `step` (a whole number from 0 to 2^36 − 1); 0 at step 0. */
  at(step: number): number;
}

export function brownianPath(seed: number, key: string): BrownianPath {
  const keyed = mix(mix(0x9e3779b9, seed >>> 0), stringHash(key));
  const normal = (node: number) => standardNormal(keyed, node);
  return {
    at(step) {
      if (!Number.isInteger(step) || step < 0 || step >= span) throw new RangeError(`no step ${step} on the path`);
      let [left, right] = [0, span];
      let [leftValue, rightValue] = [0, Math.sqrt(span) * normal(span)];
      while (step !== left) {
        const size = right - left;
        const middle = left + size / 2;
        // A Brownian bridge's middle: the mean of its ends, displaced by √(size) / 2 standard deviations.
        const middleValue = (leftValue + rightValue) / 2 + (Math.sqrt(size) / 2) * normal(middle);
        if (step < middle) [right, rightValue] = [middle, middleValue];
        else [left, leftValue] = [middle, middleValue];
      }
      return leftValue;
    },
  };
}

/** Mean 0, standard deviation 1: four uniform draws summed (Irwin–Hall), centred and scaled. */
function standardNormal(keyed: number, node: number): number {
  const hashed = mix(mix(keyed, node % 4_294_967_296), Math.floor(node / 4_294_967_296));
  let total = 0;
  for (let draw = 0; draw < 4; draw += 1) total += mix(hashed, draw) / 4_294_967_296;
  return (total - 2) * sqrt3;
}

/** One round of MurmurHash3's mixing: 32 bits in, 32 well-spread bits out, the same everywhere. */
function mix(hash: number, value: number): number {
  let h = Math.imul(hash ^ value, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units. */
function stringHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}
