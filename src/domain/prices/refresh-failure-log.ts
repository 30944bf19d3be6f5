// Logs the price refresh's failures once per transition (docs/providers.md#price-refresh): the
// first failure after a success is a warning with the error, repeats are debug lines only, and the
// first success after failures says how many there were and since when. A source down for a day
// at one refresh every five minutes writes two lines, not three hundred.
import type { Logger } from 'pino';

export interface RefreshFailureLog {
  failed(error: unknown, at: Date): void;
  succeeded(at: Date): void;
  /** Logs the symbols the source does not know whenever that set changes. */
  unknownSymbols(symbols: readonly string[]): void;
}

export function createRefreshFailureLog(logger: Logger): RefreshFailureLog {
  let failing: { since: Date; failures: number } | null = null;
  let unknownKey = '';
  return {
    failed(error, at) {
      if (failing) {
        failing.failures += 1;
        logger.debug({ err: error, failures: failing.failures }, 'coin price refresh failed again');
        return;
      }
      failing = { since: at, failures: 1 };
      logger.warn(
        { err: error },
        'coin price refresh failed; stored prices age until it recovers (logged again on recovery)',
      );
    },
    succeeded(at) {
      if (!failing) return;
      logger.info(
        {
          failures: failing.failures,
          since: failing.since.toISOString(),
          downMs: at.getTime() - failing.since.getTime(),
        },
        'coin price refresh recovered',
      );
      failing = null;
    },
    unknownSymbols(symbols) {
      const key = [...symbols].sort().join(',');
      if (key === unknownKey) return;
      unknownKey = key;
      if (key === '') logger.info('coin price source now knows every coin');
      else logger.warn({ symbols: key.split(',') }, 'coin price source does not know these coins; they stay unpriced');
    },
  };
}
