// How much a fuzz run sends (docs/robustness.md#budget): FUZZ_REQUESTS in total, spread over the
// seeds of FUZZ_SEEDS, FUZZ_CONCURRENCY at a time; FUZZ_INDEX replays one request of each seed.
// `npm test` runs the small default; `npm run test:robustness` sets the full budget.

export interface FuzzBudget {
  seeds: number[];
  requestsPerSeed: number;
  concurrency: number;
  /** Replay this index only, printing the request and its answer. */
  onlyIndex?: number;
}

/** What `npm test` sends when FUZZ_REQUESTS is unset: a smoke run of every target. */
export const defaultRequests = 1_500;

export function readFuzzBudget(env: NodeJS.ProcessEnv): FuzzBudget {
  const seeds = (env.FUZZ_SEEDS ?? '1,2,3').split(',').map((seed) => wholeNumber('FUZZ_SEEDS', seed.trim()));
  const total = env.FUZZ_REQUESTS ? wholeNumber('FUZZ_REQUESTS', env.FUZZ_REQUESTS) : defaultRequests;
  const onlyIndex = env.FUZZ_INDEX ? wholeNumber('FUZZ_INDEX', env.FUZZ_INDEX) : undefined;
  return {
    seeds,
    requestsPerSeed: Math.ceil(total / seeds.length),
    concurrency: env.FUZZ_CONCURRENCY ? wholeNumber('FUZZ_CONCURRENCY', env.FUZZ_CONCURRENCY) : 8,
    ...(onlyIndex === undefined ? {} : { onlyIndex }),
  };
}

function wholeNumber(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be whole numbers, got '${text}'`);
  return Number(text);
}
