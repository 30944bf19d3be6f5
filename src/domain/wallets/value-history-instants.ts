// The instants of a wallet's value history (schema.graphql DigitalWalletDetail.valueHistory,
// ValueHistoryInterval): the start of every UTC hour, day, ISO week (Monday) or calendar month
// from `from` to `to`, both included. The count follows from the range alone, so a range that
// needs more than the schema's 1000 points is refused before anything is read.
import { AppError } from '../../errors/app-error.ts';

export type ValueHistoryInterval = 'HOUR' | 'DAY' | 'WEEK' | 'MONTH';

export const maxValueHistoryPoints = 1000;
/** `from` when not given: this many days before `to`. */
export const defaultValueHistoryDays = 30;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;
/** 1970-01-01 was a Thursday: ISO weeks start 4 days later, on Monday 1970-01-05. */
const firstMondayMs = 4 * dayMs;

/**
 * The interval starts from `from` to `to`. VALIDATION_FAILED (`BAD_USER_INPUT`) when `from` is
 * after `to` or the range holds more than `maxValueHistoryPoints` starts.
 */
export function valueHistoryInstants(from: Date, to: Date, interval: ValueHistoryInterval): Date[] {
  if (from.getTime() > to.getTime())
    throw new AppError('VALIDATION_FAILED', 'valueHistory: from must not be after to', {
      details: [{ path: 'valueHistory.from', message: 'after to' }],
    });
  const fromIndex = indexOf(from, interval);
  const first = startOf(fromIndex, interval).getTime() === from.getTime() ? fromIndex : fromIndex + 1;
  const last = indexOf(to, interval);
  const count = Math.max(0, last - first + 1);
  if (count > maxValueHistoryPoints)
    throw new AppError(
      'VALIDATION_FAILED',
      `valueHistory: the range needs ${count} points at ${interval}, at most ${maxValueHistoryPoints} are returned per request: choose a coarser interval or a shorter range`,
      { details: [{ path: 'valueHistory.interval', message: `${count} points, at most ${maxValueHistoryPoints}` }] },
    );
  return Array.from({ length: count }, (_, offset) => startOf(first + offset, interval));
}

/** The number of the interval holding `instant`, counted from the epoch. */
function indexOf(instant: Date, interval: ValueHistoryInterval): number {
  const ms = instant.getTime();
  if (interval === 'HOUR') return Math.floor(ms / hourMs);
  if (interval === 'DAY') return Math.floor(ms / dayMs);
  if (interval === 'WEEK') return Math.floor((ms - firstMondayMs) / weekMs);
  return instant.getUTCFullYear() * 12 + instant.getUTCMonth();
}

function startOf(index: number, interval: ValueHistoryInterval): Date {
  if (interval === 'HOUR') return new Date(index * hourMs);
  if (interval === 'DAY') return new Date(index * dayMs);
  if (interval === 'WEEK') return new Date(index * weekMs + firstMondayMs);
  const start = new Date(0);
  start.setUTCFullYear(Math.floor(index / 12), index % 12, 1);
  return start;
}
