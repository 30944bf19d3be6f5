// `access export --format csv|json` (docs/access-review.md#export): the records as RFC 4180 CSV
// (a header line, fields quoted when they hold a comma, quote or line break, CRLF line ends) or as
// a JSON array.
import { accessRecordFields, type AccessRecord } from './access-records.ts';

export const exportFormats = ['csv', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];

function csvField(value: unknown): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function recordsAsCsv(records: readonly AccessRecord[]): string {
  const lines = [
    accessRecordFields.join(','),
    ...records.map((record) => accessRecordFields.map((field) => csvField(record[field])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function recordsAsJson(records: readonly AccessRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}

export function formatRecords(records: readonly AccessRecord[], format: ExportFormat): string {
  return format === 'csv' ? recordsAsCsv(records) : recordsAsJson(records);
}
