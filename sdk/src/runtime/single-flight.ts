// One call at a time: callers that arrive while a call is running share its promise, so many
// concurrent 401s refresh the access token once (docs/sdk.md#token-refresh).
export function singleFlight<T>(call: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= call().finally(() => {
      running = undefined;
    }));
}
