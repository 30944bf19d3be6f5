// The body a handler of a multipart/form-data operation receives (router.ts; its type is
// `input.body` of such an operation, src/http/operation-types.ts): the files, each already
// in a temporary file that the router removes after the request, and the text fields.
// Everything in it was sent by the client and is untrusted, except size and sha256, which the
// service computed while receiving.
// Only multipartForm() below makes one, so a handler's form is always the one the router read.
const brand = Symbol('multipart form');

export interface ReceivedFile {
  /** The bytes, in a temporary file that exists until the response is sent. */
  readonly tempPath: string;
  /** The part's `filename`, as sent (never a path); null when the part had none. */
  readonly originalName: string | null;
  /** The part's Content-Type, as sent. */
  readonly declaredType: string | null;
  readonly size: number;
  /** Lowercase hex SHA-256 of the bytes. */
  readonly sha256: string;
}

export interface MultipartForm {
  readonly [brand]: true;
  /** The parts of the spec's file field, in the order they were sent. */
  readonly files: readonly ReceivedFile[];
  /** Text fields the spec names, each sent at most once. */
  readonly fields: Readonly<Record<string, string>>;
}

export function multipartForm(files: readonly ReceivedFile[], fields: Readonly<Record<string, string>>): MultipartForm {
  return Object.freeze({
    [brand]: true as const,
    files: Object.freeze([...files]),
    fields: Object.freeze({ ...fields }),
  });
}
