// Turns an openapi-typescript operation type into the input a handler receives and the
// result it must return, so handlers are checked against openapi.yaml by the compiler.
import type { MultipartForm } from './multipart/multipart-form.ts';
import type { RequestContext } from './request-context.ts';
import type { CookieInstruction } from './send-result.ts';

type Get<T, K extends PropertyKey> = T extends Record<K, infer V> ? V : undefined;
type OrEmpty<T> = [T] extends [undefined]
  ? Record<string, never>
  : [T] extends [never]
    ? Record<string, never>
    : NonNullable<T>;

type Parameters<O> = Get<O, 'parameters'>;
// The router hands a multipart/form-data body over as the form it received
// (src/http/multipart/multipart-form.ts), never in the schema's shape; any other body is JSON.
type Content<B> = Get<NonNullable<B>, 'content'>;
type BodyContent<B> = [Get<Content<B>, 'multipart/form-data'>] extends [undefined]
  ? Get<Content<B>, 'application/json'>
  : MultipartForm;
// An optional request body (`requestBody.required: false`) may be absent: `| undefined`.
type RequestBody<O> = O extends { requestBody: infer B }
  ? BodyContent<B>
  : O extends { requestBody?: infer B }
    ? BodyContent<B> | undefined
    : undefined;

export interface OperationInput<O> {
  path: OrEmpty<Get<Parameters<O>, 'path'>>;
  query: OrEmpty<Get<Parameters<O>, 'query'>>;
  headers: OrEmpty<Get<Parameters<O>, 'header'>>;
  /** The validated JSON body, or the received multipart form. */
  body: RequestBody<O>;
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
