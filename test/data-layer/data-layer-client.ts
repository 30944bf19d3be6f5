// Calls the data layer over real HTTP (POST {dataUrl}/v1/graphql) the way clients do: the
// admin secret with X-Data-Role and X-Data-* session headers, or a bearer token.
import type { TestService } from '../support/test-service.ts';

export const dataAdminSecret = 'test-data-admin-secret-0123456789';

export const demo = {
  aurora: '11111111-0000-4000-8000-000000000001',
  meridian: '11111111-0000-4000-8000-000000000002',
  northbridge: '11111111-0000-4000-8000-000000000003',
} as const;

export interface GraphqlError {
  message: string;
  extensions: { code: string; path: string };
}

export interface DataResponse {
  status: number;
  headers: Headers;
  text: string;
  body: { data?: Record<string, any>; errors?: GraphqlError[] };
}

export interface GraphqlOptions {
  variables?: Record<string, unknown>;
  operationName?: string;
  headers?: Record<string, string>;
}

export async function postGraphql(
  service: TestService,
  query: string,
  options: GraphqlOptions = {},
): Promise<DataResponse> {
  const response = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify({ query, variables: options.variables, operationName: options.operationName }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

/** Headers acting as `role` with the admin secret; session values by header name. */
export function asRole(role: string | null, session: Record<string, string> = {}): Record<string, string> {
  return { 'x-data-admin-secret': dataAdminSecret, ...(role ? { 'x-data-role': role } : {}), ...session };
}

/** The data of a successful response; fails with the errors otherwise. */
export function dataOf(response: DataResponse): Record<string, any> {
  if (response.status !== 200 || response.body.errors || !response.body.data) {
    throw new Error(`expected data, got ${response.status} ${response.text}`);
  }
  return response.body.data;
}

/** The one error of a failed response. */
export function errorOf(response: DataResponse): GraphqlError {
  const errors = response.body.errors;
  if (!errors || errors.length !== 1 || response.body.data)
    throw new Error(`expected one error, got ${response.status} ${response.text}`);
  return errors[0] as GraphqlError;
}
