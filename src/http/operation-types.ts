// Turns an openapi-typescript operation type into the input a handler receives and the
// result it must return, so handlers are checked against openapi.yaml by the compiler.
import type { RequestContext } from './request-context.ts';
import type { CookieInstruction } from './send-result.ts';

type Get<T, K extends PropertyKey> = T extends Record<K, infer V> ? V : undefined;
type OrEmpty<T> = [T] extends [undefined] ? Record<string, never> : [T] extends [never] ? Record<string, never> : NonNullable<T>;

type Parameters<O> = Get<O, 'parameters'>;
// An optional request body (`requestBody.required: false`) may be absent: `| undefined`.
type JsonContent<B> = Get<Get<NonNullable<B>, 'content'>, 'application/json'>;
type JsonBody<O> = O extends { requestBody: infer B }
  ? JsonContent<B>
  : O extends { requestBody?: infer B }
    ? JsonContent<B> | undefined
    : undefined;

export interface OperationInput<O> {
  path: OrEmpty<Get<Parameters<O>, 'path'>>;
  query: OrEmpty<Get<Parameters<O>, 'query'>>;
  headers: OrEmpty<Get<Parameters<O>, 'header'>>;
  /** The validated JSON body; other content types (multipart) are read by the handler. */
  body: JsonBody<O>;
}

type ResponseVariants<Status, Response> =
  Get<Response, 'content'> extends infer Content
    ? [Content] extends [undefined] | [never]
      ? { status: Status; headers?: Record<string, string>; cookies?: readonly CookieInstruction[] }
      : {
          [Type in keyof Content]: {
            status: Status;
            contentType: Type;
            body: Content[Type];
            headers?: Record<string, string>;
            cookies?: readonly CookieInstruction[];
          };
        }[keyof Content]
    : never;

type Responses<O> = Get<O, 'responses'>;

export type OperationResult<O> = {
  [Status in keyof Responses<O>]: ResponseVariants<Status, Responses<O>[Status]>;
}[keyof Responses<O>];

export type OperationHandler<O> = (input: OperationInput<O>, context: RequestContext) => Promise<OperationResult<O>>;
