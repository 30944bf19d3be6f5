// Every demo timestamp is an offset from one fixed instant, so rendered documents and test
// expectations do not move with the wall clock (docs/demo-data.md#stable-by-design).
export const DEMO_BASE_DATE = '2026-01-01T00:00:00.000Z';

/** Far enough ahead that demo quotes and invitations stay usable (e.g. the pending OTC quote). */
export const DEMO_FAR_FUTURE = new Date('2099-12-31T23:59:59.000Z');

const baseMs = Date.parse(DEMO_BASE_DATE);
const minuteMs = 60_000;

/** The base date shifted by days, hours and minutes (negative = before the base date). */
export function demoTime(days: number, hours = 0, minutes = 0): Date {
  return new Date(baseMs + ((days * 24 + hours) * 60 + minutes) * minuteMs);
}

/** A calendar date (for `date` columns) the given number of days from the base date. */
export function demoDate(days: number): string {
  return demoTime(days).toISOString().slice(0, 10);
}
