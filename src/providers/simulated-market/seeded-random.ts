// The simulators' seeded randomness (docs/market-data.md#the-simulated-market): mulberry32, small,
// fast and the same on every machine, so a seed replays the same books; tests draw from it too.

/** Uniform numbers in [0, 1) from `seed` (taken as 32 bits). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
