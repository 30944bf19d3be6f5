// The instants of a value history (src/domain/wallets/value-history-instants.ts): UTC interval
// starts from `from` to `to`, both included, and the 1000-point bound of schema.graphql
// `DigitalWalletDetail.valueHistory` decided by the range alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AppError } from '../../../src/errors/app-error.ts';
import { type ValueHistoryInterval, valueHistoryInstants } from '../../../src/domain/wallets/value-history-instants.ts';

const iso = (from: string, to: string, interval: ValueHistoryInterval) =>
  valueHistoryInstants(new Date(from), new Date(to), interval).map((instant) => instant.toISOString());

test('each interval starts in UTC: the hour, midnight, Monday, the first of the month', () => {
  assert.equal(iso('2026-03-01T22:10:00Z', '2026-03-02T00:59:59Z', 'HOUR'), [
    '2026-03-01T23:00:00.000Z',
    '2026-03-02T00:00:00.000Z',
  ]);
  assert.equal(iso('2026-02-27T00:00:00Z', '2026-03-01T12:00:00Z', 'DAY'), [
    '2026-02-27T00:00:00.000Z',
    '2026-02-28T00:00:00.000Z',
    '2026-03-01T00:00:00.000Z',
  ]);
  assert.equal(iso('2025-12-29T00:00:01Z', '2026-01-19T00:00:00Z', 'WEEK'), [
    '2026-01-05T00:00:00.000Z',
    '2026-01-12T00:00:00.000Z',
    '2026-01-19T00:00:00.000Z',
  ]);
  assert.equal(iso('2025-11-01T00:00:00Z', '2026-02-15T00:00:00Z', 'MONTH'), [
    '2025-11-01T00:00:00.000Z',
    '2025-12-01T00:00:00.000Z',
    '2026-01-01T00:00:00.000Z',
    '2026-02-01T00:00:00.000Z',
  ]);
  assert.equal(iso('1969-12-31T12:00:00Z', '1970-01-01T00:00:00Z', 'DAY'), ['1970-01-01T00:00:00.000Z']);
  assert.equal(iso('2026-01-01T01:00:00Z', '2026-01-01T02:00:00Z', 'DAY'), []);
});

test('1000 points are allowed, 1001 are VALIDATION_FAILED, and so is from after to', () => {
  assert.is(iso('2026-01-01T00:00:00Z', '2026-02-11T15:00:00Z', 'HOUR').length, 1000);
  const refused = (from: string, to: string) => {
    try {
      iso(from, to, 'HOUR');
    } catch (error) {
      return [(error as AppError).code, (error as AppError).message];
    }
    return null;
  };
  assert.equal(refused('2026-01-01T00:00:00Z', '2026-02-11T16:00:00Z'), [
    'VALIDATION_FAILED',
    'valueHistory: the range needs 1001 points at HOUR, at most 1000 are returned per request: choose a coarser interval or a shorter range',
  ]);
  assert.equal(refused('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z'), [
    'VALIDATION_FAILED',
    'valueHistory: from must not be after to',
  ]);
});

test.run();
