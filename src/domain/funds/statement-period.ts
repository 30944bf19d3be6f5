// The period of a capital statement as schema.graphql `DownloadFundInvestorCapitalStatementPdfInput`
// states it: `periodStart` and `periodEnd` are ISO 8601 calendar dates `YYYY-MM-DD`, inclusive;
// the end is not before the start and not in the future (a statement reports published NAVs, not
// tomorrow's). Each broken rule is a VALIDATION_FAILED naming its field (docs/funds.md#capital-statements).
import { type UserError, userError } from '../outcomes/user-error.ts';
import type { StatementPeriod } from './capital-statement.ts';

/** Years 0001–9999: PostgreSQL's `date` has no year 0, and four digits are what the format allows. */
const calendarDate = /^(?!0000)\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is `YYYY-MM-DD` naming a day that exists (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!calendarDate.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

function dateError(field: string, value: string): UserError[] {
  if (isCalendarDate(value)) return [];
  const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return [userError('VALIDATION_FAILED', `${field} must be a calendar date YYYY-MM-DD, got ${shown}`, field)];
}

/** The period, or what is wrong with it; `today` is the current UTC date `YYYY-MM-DD`. */
export function statementPeriod(
  input: { periodStart: string; periodEnd: string },
  today: string,
): StatementPeriod | UserError[] {
  const { periodStart: start, periodEnd: end } = input;
  const errors = [...dateError('periodStart', start), ...dateError('periodEnd', end)];
  if (errors.length > 0) return errors;
  if (end < start)
    return [userError('VALIDATION_FAILED', `periodEnd ${end} must not be before periodStart ${start}`, 'periodEnd')];
  if (end > today)
    return [
      userError('VALIDATION_FAILED', `periodEnd ${end} must not be in the future (today is ${today} UTC)`, 'periodEnd'),
    ];
  return { start, end };
}
