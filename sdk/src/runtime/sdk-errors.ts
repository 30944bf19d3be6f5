// What the SDK throws rather than returns: no answer at all, or an answer the spec does not
// declare for the operation. Every declared error answer is returned as a typed value instead
// (docs/sdk.md#errors).
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: no answer (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
  }
}

export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  readonly status: number;
  readonly body: string;
  constructor(method: string, url: string, status: number, body: string) {
    super(`${method} ${url}: undeclared answer ${status}: ${body.slice(0, 200)}`);
    this.status = status;
    this.body = body;
  }
}

/** A GraphQL answer with errors where the helper needs data (pagination): its errors, typed by `extensions.code`. */
export class GraphqlResponseError<E extends { message: string } = { message: string }> extends Error {
  override readonly name = 'GraphqlResponseError';
  readonly errors: readonly E[];
  constructor(errors: readonly E[]) {
    super(errors.map((error) => error.message).join('; '));
    this.errors = errors;
  }
}
