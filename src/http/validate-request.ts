// Runs the precompiled validators of generated/openapi on a request; a failure becomes one
// 400 whose message names each bad field (docs/requests.md#the-router). Every string must
// also be text PostgreSQL can hold (no NUL, no unpaired surrogate), checked here so that no
// handler can pass one to a query. A body nested past the limit of JSON values is refused before
// the validator or that check walks it (both recurse; src/graphql-limits/json-nesting.ts).
import { AppError, type ErrorDetail } from '../errors/app-error.ts';
import { isCanonicalIntegerPattern } from './canonical-integer.ts';
import { type AjvError, describeSchemaError, type Validator } from './schema-error-detail.ts';
import { findUnstorableText } from '../domain/text/storable-text.ts';
import { jsonNestingViolation, maxJsonBodyDepth } from '../graphql-limits/json-nesting.ts';
import * as bodyValidators from '../../generated/openapi/validate-bodies.ts';
import * as parameterValidators from '../../generated/openapi/validate-parameters.ts';

const parameterTable = parameterValidators as unknown as Record<string, Validator | undefined>;
const bodyTable = bodyValidators as unknown as Record<string, Validator | undefined>;

export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  cookies: Record<string, unknown>;
}

/** Validates (and coerces in place) path, query, header and cookie parameters. */
export function validateParameters(operationId: string, parts: RequestParts): void {
  const validate = parameterTable[operationId];
  if (validate && !validate(parts)) throw validationError(validate.errors ?? [], '');
  refuseUnstorableText(parts, []);
}

export function validateJsonBody(operationId: string, body: unknown): void {
  const tooDeep = jsonNestingViolation('body', body, maxJsonBodyDepth);
  if (tooDeep) throw failure([{ path: 'body', message: tooDeep }]);
  const validate = bodyTable[operationId];
  if (validate && !validate(body)) throw validationError(validate.errors ?? [], 'body');
  refuseUnstorableText(body, ['body']);
}

function refuseUnstorableText(value: unknown, prefix: string[]): void {
  const found = findUnstorableText(value, prefix);
  if (found.length === 0) return;
  throw failure(found.map(({ path, problem }) => ({ path: path.join('.'), message: problem })));
}

function validationError(errors: AjvError[], prefix: string): AppError {
  const details = withoutFormOfNonIntegers(errors).map((error) => describeSchemaError(error, prefix));
  return failure([...new Map(details.map((d) => [`${d.path} ${d.message}`, d])).values()]);
}

/** Text that is no number at all is told `must be integer`, not also how integers are written. */
function withoutFormOfNonIntegers(errors: AjvError[]): AjvError[] {
  const notIntegers = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  return errors.filter(
    (e) => !(e.keyword === 'pattern' && isCanonicalIntegerPattern(e.params.pattern) && notIntegers.has(e.instancePath)),
  );
}

// openapi.yaml#/components/schemas/Error bounds what a client gets back: `message` 2,000
// characters, 100 `details`, each `path` 1,024 and `message` 1,000. The request chooses its own
// field names and how many fail, so both are cut to fit.
const listedDetails = 100;
const shownPathLength = 200;
const shownMessageLength = 500;
const summaryLength = 1_500;

function failure(details: ErrorDetail[]): AppError {
  const listed = details.slice(0, listedDetails).map((detail) => ({
    path: shortened(detail.path, shownPathLength),
    message: shortened(detail.message, shownMessageLength),
  }));
  let summary = '';
  let named = 0;
  for (const detail of listed) {
    const next = `${summary}${named > 0 ? '; ' : ''}${detail.path || 'request'} ${detail.message}`;
    if (named > 0 && next.length > summaryLength) break;
    summary = next;
    named += 1;
  }
  const more = details.length > named ? `; and ${details.length - named} more` : '';
  return new AppError('VALIDATION_FAILED', `invalid request: ${summary}${more}`, { details: listed });
}

function shortened(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;
}
