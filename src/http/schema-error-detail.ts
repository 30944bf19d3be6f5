// One failure of a precompiled openapi.yaml validator (generated/openapi/) told as a field path and
// a sentence, for requests (400 VALIDATION_FAILED details) and for the service's own responses
// (src/http/validate-response.ts) alike.
import type { ErrorDetail } from '../errors/app-error.ts';
import { canonicalIntegerMessage, isCanonicalIntegerPattern } from './canonical-integer.ts';

export interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** `prefix` leads the dotted path (`body`); the failing property is named for `required` and extra ones. */
export function describeSchemaError(error: AjvError, prefix: string): ErrorDetail {
  const segments = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  const path = [prefix, ...segments].filter(Boolean).join('.');
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') message = 'is required';
  if (error.keyword === 'additionalProperties') message = 'is not allowed';
  if (error.keyword === 'pattern' && isCanonicalIntegerPattern(error.params.pattern)) message = canonicalIntegerMessage;
  if (error.keyword === 'enum')
    message = `must be one of ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
  return { path, message };
}
