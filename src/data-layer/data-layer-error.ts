// Errors of the data layer in Hasura's shape with our codes
// (docs/data-layer.md#status-codes-and-errors):
// `{"errors":[{"message","extensions":{"code","path"}}]}`; `path` is a JSON path into the request
// (`$.selectionSet.invoice.args.where`), `$` when the request as a whole is at fault.
import { AppError, toAppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';

export class DataLayerError extends AppError {
  readonly path: string;

  constructor(code: ErrorCode, message: string, path = '$', retryAfterSeconds?: number) {
    super(code, message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
    this.path = path;
  }
}

/**
 * A document over the length or nesting limits (docs/data-layer.md#limits). It is found where the
 * text is first parsed, in the GraphQL stage, but refuses the request itself, so it keeps its 400
 * as the body's other faults do.
 */
export class DocumentLimitError extends DataLayerError {
  constructor(message: string) {
    super('BAD_REQUEST', message, '$.query');
  }
}

export interface ErrorEntry {
  readonly message: string;
  readonly code: ErrorCode;
  readonly path: string;
}

export function errorEntry(error: unknown): ErrorEntry {
  const appError = toAppError(error);
  return {
    message: appError.publicMessage,
    code: appError.code,
    path: error instanceof DataLayerError ? error.path : '$',
  };
}

export function errorsBody(entries: readonly ErrorEntry[]): string {
  return JSON.stringify({
    errors: entries.map(({ message, code, path }) => ({ message, extensions: { code, path } })),
  });
}

/** Several errors at once (GraphQL validation reports them all). */
export class DataLayerErrors extends Error {
  readonly entries: readonly ErrorEntry[];

  constructor(entries: readonly ErrorEntry[]) {
    super(entries.map((entry) => entry.message).join('; '));
    this.name = 'DataLayerErrors';
    this.entries = entries;
  }
}
