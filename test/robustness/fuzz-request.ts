// One fuzzed request as the generators build it and the sender puts it on the wire. Credentials
// appear as placeholders (`{{secret:cookie:demo-alice}}`, see fuzz-credentials.ts) that the
// sender fills in, so a printed reproduction names the credential without revealing it.

export type Framing =
  /** `Content-Length` of the body, the body sent. */
  | 'length'
  /** `Transfer-Encoding: chunked`, the body in a few chunks. */
  | 'chunked'
  /** A `Content-Length` far over every body limit, and no body sent at all. */
  | 'declared-oversize';

export interface FuzzRequest {
  /** What is fuzzed: an operationId of openapi.yaml, `graphql`, `data-graphql` or `unknown-route`. */
  target: string;
  /** The main port (REST and POST /graphql) or the data layer's. */
  port: 'main' | 'data';
  method: string;
  /** The request target exactly as sent: not normalized, possibly not valid UTF-8. */
  path: string;
  /** In order; a name may repeat (duplicate headers). */
  headers: [string, string][];
  body?: string | Buffer;
  framing: Framing;
  /**
   * The request breaks HTTP/1.1 itself (conflicting lengths, say): Node's parser may refuse it
   * with a bare 400 before the service sees it, so no JSON body is expected.
   */
  malformedHttp?: boolean;
  /** The kinds of mutation applied, for the report (`path:traversal body:wrong-property`). */
  variant: string[];
}

export const secretPlaceholder = /\{\{secret:([^}]+)\}\}/g;

export function secret(name: string): string {
  return `{{secret:${name}}}`;
}
