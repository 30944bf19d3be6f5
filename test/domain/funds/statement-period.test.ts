// The period of a capital statement (src/domain/funds/statement-period.ts; schema.graphql
// `DownloadFundInvestorCapitalStatementPdfInput`): two calendar dates `YYYY-MM-DD`, the end not
// before the start and not after today, each broken rule a VALIDATION_FAILED naming its field.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isCalendarDate, statementPeriod } from '../../../src/domain/funds/statement-period.ts';

const today = '2026-01-15';
const invalid = (field: string, message: string) => ({ code: 'VALIDATION_FAILED', message, field: [field] });

test('calendar dates: YYYY-MM-DD naming a day that exists', () => {
  for (const text of ['2025-10-01', '2024-02-29', '0001-01-01', '9999-12-31']) assert.ok(isCalendarDate(text), text);
  for (const text of [
    '2025-02-29',
    '2025-02-30',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '0000-01-01',
    '2025-1-1',
    '20251001',
    '2025-10-01T00:00:00Z',
    ' 2025-10-01',
    '',
    '+02025-10-01',
  ])
    assert.not.ok(isCalendarDate(text), text);
});

test('a valid period, one day long or ending today', () => {
  assert.equal(statementPeriod({ periodStart: '2025-10-01', periodEnd: '2025-12-31' }, today), {
    start: '2025-10-01',
    end: '2025-12-31',
  });
  assert.equal(statementPeriod({ periodStart: today, periodEnd: today }, today), { start: today, end: today });
});

test('each date that is not a calendar date is named; order and future are checked only on two dates', () => {
  assert.equal(statementPeriod({ periodStart: '2025-02-30', periodEnd: 'x'.repeat(50) }, today), [
    invalid('periodStart', 'periodStart must be a calendar date YYYY-MM-DD, got "2025-02-30"'),
    invalid('periodEnd', `periodEnd must be a calendar date YYYY-MM-DD, got "${'x'.repeat(40)}…"`),
  ]);
  assert.equal(statementPeriod({ periodStart: '2025-12-31', periodEnd: '2025-10-01' }, today), [
    invalid('periodEnd', 'periodEnd 2025-10-01 must not be before periodStart 2025-12-31'),
  ]);
  assert.equal(statementPeriod({ periodStart: '2026-01-01', periodEnd: '2026-01-16' }, today), [
    invalid('periodEnd', 'periodEnd 2026-01-16 must not be in the future (today is 2026-01-15 UTC)'),
  ]);
});

test.run();
