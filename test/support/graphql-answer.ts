// What the business-API test client answers for one POST /graphql (business-api-client.ts), and
// the two checks most tests make of it: the HTTP status (200: the operation ran), and no errors.
import * as assert from 'uvu/assert';
import type { TestResponse } from './test-service.ts';

/** One GraphQL error as the service sends it. */
export interface GraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, any>;
}

/**
 * The answer to one request, whatever it was: never thrown, never checked. `body` is the parsed
 * response body (`{ data?, errors?, extensions? }`); `data` and `errors` are its two parts.
 */
export interface GraphqlAnswer {
  /** The HTTP status: 200 for an operation that ran, with or without errors; 4xx for a refused request. */
  status: number;
  headers: Headers;
  /** The body's text as sent. */
  text: string;
  body: any;
  data: any;
  errors: GraphqlError[] | undefined;
}

/** The answer to a POST /graphql the test service sent back. */
export function graphqlAnswer(response: TestResponse): GraphqlAnswer {
  const body = response.json();
  return {
    status: response.status,
    headers: response.headers,
    text: response.text,
    body,
    data: body.data,
    errors: body.errors,
  };
}

/** Asserts the HTTP status (by default 200: the operation ran, with or without errors) and answers the body. */
export function expectBody(answer: GraphqlAnswer, status = 200): any {
  assert.is(answer.status, status, JSON.stringify(answer.body));
  return answer.body;
}

/** Asserts the operation ran without a GraphQL error and answers its data. */
export function expectData(answer: GraphqlAnswer): any {
  if (answer.status !== 200 || answer.errors)
    assert.unreachable(`unexpected answer: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.data;
}
