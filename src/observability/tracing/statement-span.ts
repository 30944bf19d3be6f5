// A CLIENT span per SQL statement (docs/tracing.md#spans): its first keyword, the prepared
// statement's name when it has one, and its text, which holds placeholders, never the values
// bound to them (every value is a parameter: docs/data-layer.md#how-a-request-runs).
import { SpanKind } from '@opentelemetry/api';
import { inSpan } from './in-span.ts';

const maxTextLength = 2_000;

export function inStatementSpan<T>(sql: string, name: string | undefined, send: () => Promise<T>): Promise<T> {
  const operation = (/^\s*([A-Za-z]+)/.exec(sql)?.[1] ?? 'SQL').toUpperCase();
  return inSpan(
    `db ${operation}`,
    {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': sql.length > maxTextLength ? `${sql.slice(0, maxTextLength)}…` : sql,
      ...(name !== undefined && { 'db.statement.name': name }),
    },
    send,
    SpanKind.CLIENT,
  );
}
