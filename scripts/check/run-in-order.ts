// Runs `npm run check`'s obligations a few at a time (they are independent: none writes) and
// reports each as soon as every one before it has been reported, so the output keeps the order of
// the list whatever finishes first (docs/testing.md#npm-run-check).

/** At most `concurrency` calls of `run` at once, started in the order of `items`. */
function limited<T, R>(concurrency: number, run: (item: T) => Promise<R>): (item: T) => Promise<R> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const acquire = async () => {
    if (active < concurrency) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A finished call hands its slot to the next waiting one, or frees it.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (item) => {
    await acquire();
    try {
      return await run(item);
    } finally {
      release();
    }
  };
}

export async function runInOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<R>,
  report: (item: T, result: R) => void,
): Promise<R[]> {
  const runLimited = limited(Math.max(1, concurrency), run);
  const pending = items.map((item) => runLimited(item));
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    const result = await pending[index]!;
    report(item, result);
    results.push(result);
  }
  return results;
}
