// Structural validation with permissions.schema.json (draft 2020-12). Ajv reports JSON
// pointers; they become YAML paths here, and ajv's wording becomes messages that name the
// offending property, so `file:line:col` points at what to fix.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import schema from '../../../permissions.schema.json' with { type: 'json' };
import { describePath, issue, type ValidationIssue, type YamlPath } from './validation-issue.ts';

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, verbose: true });
const validateSchema = ajv.compile(schema);

function pointerToPath(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function requiredOneOfBranches(error: ErrorObject): string[] | null {
  const branches = error.schema;
  if (!Array.isArray(branches)) return null;
  const names: string[] = [];
  for (const branch of branches as unknown[]) {
    const required = (branch as { required?: unknown }).required;
    if (!Array.isArray(required) || required.length !== 1 || Object.keys(branch as object).length !== 1) return null;
    names.push(String(required[0]));
  }
  return names;
}

function allowedProperties(error: ErrorObject): string {
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? ` (expected one of: ${Object.keys(properties).join(', ')})` : '';
}

function toIssue(error: ErrorObject): ValidationIssue | null {
  const path: YamlPath = pointerToPath(error.instancePath);
  const where = describePath(path);
  const params = error.params as Record<string, unknown>;
  // Errors raised inside `propertyNames` are about a key, not a value.
  if (error.propertyName !== undefined) {
    return issue(
      [...path, error.propertyName],
      'key',
      `name '${error.propertyName}' in ${where} ${error.message ?? 'is invalid'}`,
    );
  }
  switch (error.keyword) {
    case 'propertyNames':
    case 'if':
      return null; // summaries of errors reported individually
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      return issue([...path, property], 'key', `unknown property '${property}' in ${where}${allowedProperties(error)}`);
    }
    case 'required':
      return issue(path, 'key', `${where} must have required property '${String(params.missingProperty)}'`);
    case 'dependentRequired':
      return issue(
        [...path, String(params.property)],
        'key',
        `'${String(params.property)}' in ${where} requires property '${String(params.missingProperty)}'`,
      );
    case 'oneOf': {
      const names = requiredOneOfBranches(error);
      if (names)
        return issue(path, 'key', `${where} must have exactly one of ${names.map((name) => `'${name}'`).join(', ')}`);
      return issue(path, 'value', `${where} ${error.message ?? 'is invalid'}`);
    }
    case 'enum':
      return issue(
        path,
        'value',
        `${where} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`,
      );
    case 'uniqueItems': {
      const duplicate = (error.data as unknown[])[Number(params.i)];
      return issue([...path, Number(params.i)], 'value', `${where} lists ${JSON.stringify(duplicate)} more than once`);
    }
    case 'const':
      return issue(path, 'value', `${where} must be ${JSON.stringify(params.allowedValue)}`);
    default:
      return issue(path, 'value', `${where} ${error.message ?? 'is invalid'}`);
  }
}

/** Drops the per-branch errors of a oneOf whose branches only differ by a required property. */
function withoutOneOfBranchErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const summarized = errors
    .filter((error) => error.keyword === 'oneOf' && requiredOneOfBranches(error) !== null)
    .map((error) => ({ instancePath: error.instancePath, schemaPath: `${error.schemaPath}/` }));
  return errors.filter(
    (error) =>
      !summarized.some(
        (oneOf) => error.instancePath === oneOf.instancePath && error.schemaPath.startsWith(oneOf.schemaPath),
      ),
  );
}

export function validatePermissionsStructure(value: unknown): ValidationIssue[] {
  if (validateSchema(value)) return [];
  const issues: ValidationIssue[] = [];
  for (const error of withoutOneOfBranchErrors(validateSchema.errors ?? [])) {
    const found = toIssue(error);
    if (found) issues.push(found);
  }
  return issues;
}
