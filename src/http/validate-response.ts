// The service's own REST answers checked against openapi.yaml (docs/requests.md#response-validation):
// the status must be one the operation declares (exactly, as `4XX`, or `default`) and a JSON body
// must match that response's schema, with the generated validators of
// generated/openapi/validate-responses.ts. On outside production (RESPONSE_VALIDATION), so a handler
// that drifts from the spec is caught in development and tests, not by a client; a mismatch is
// logged with the operation and each JSON path, and answered 500 RESPONSE_INVALID unless the
// setting says `log`.
import type { Logger } from 'pino';
import * as responseValidators from '../../generated/openapi/validate-responses.ts';
import { AppError, type ErrorDetail } from '../errors/app-error.ts';
import type { OperationDefinition } from './operation-definition.ts';
import { describeSchemaError, type Validator } from './schema-error-detail.ts';
import type { HandlerResult } from './send-result.ts';

/** RESPONSE_VALIDATION: `fail` answers a mismatch 500, `log` only logs it, `off` checks nothing. */
export type ResponseValidation = 'fail' | 'log' | 'off';

const validatorTable = responseValidators as unknown as Record<string, Validator | undefined>;

/** What is wrong with a handler's result for its operation; empty when it matches the spec. */
export function responseMismatches(operation: OperationDefinition, result: HandlerResult): ErrorDetail[] {
  const status = String(result.status);
  const declared = declaredStatus(operation, status);
  if (declared === undefined)
    return [
      { path: 'status', message: `${status} is not a status openapi.yaml declares for ${operation.operationId}` },
    ];
  if (!isJsonBody(result)) return [];
  const validate = validatorTable[`${operation.operationId}$${declared}`];
  if (!validate || validate(result.body)) return [];
  return (validate.errors ?? []).map((error) => describeSchemaError(error, 'body'));
}

/** The response key of openapi.yaml that covers `status`: itself, its class (`4XX`) or `default`. */
function declaredStatus(operation: OperationDefinition, status: string): string | undefined {
  return [status, `${status[0]}XX`, 'default'].find((key) => key in operation.responses);
}

/** Objects and arrays sent as JSON; files, streams, HTML and redirects are not checked here. */
function isJsonBody({ body, contentType }: HandlerResult): boolean {
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || isStream(body)) return false;
  return contentType === undefined || (typeof contentType === 'string' && /[/+]json\b/.test(contentType));
}

function isStream(body: object): boolean {
  return typeof (body as { pipe?: unknown }).pipe === 'function';
}

/** Runs the check per the setting: logs every mismatch; with `fail`, answers it as RESPONSE_INVALID. */
export function checkResponse(
  setting: ResponseValidation,
  operation: OperationDefinition,
  result: HandlerResult,
  logger: Logger,
): void {
  if (setting === 'off') return;
  const mismatches = responseMismatches(operation, result);
  if (mismatches.length === 0) return;
  const summary = mismatches.map((m) => `${m.path} ${m.message}`).join('; ');
  logger.error(
    { operationId: operation.operationId, status: String(result.status), mismatches },
    `response of ${operation.operationId} does not match openapi.yaml: ${summary}`,
  );
  if (setting === 'fail')
    throw new AppError(
      'RESPONSE_INVALID',
      `the response of ${operation.operationId} does not match openapi.yaml (RESPONSE_VALIDATION): ${summary}`,
      { details: mismatches.slice(0, 100) },
    );
}
