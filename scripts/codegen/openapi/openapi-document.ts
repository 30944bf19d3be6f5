// The subset of an OpenAPI 3.1 document the generators read. Parsing is done by `yaml`;
// these types only name what is used.
export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface ReferenceObject {
  $ref: string;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface RequestBodyObject {
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, unknown>;
}

export interface OperationObject {
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: (ParameterObject | ReferenceObject)[];
  requestBody?: RequestBodyObject | ReferenceObject;
  responses: Record<string, ResponseObject | ReferenceObject>;
}

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>> & {
  parameters?: (ParameterObject | ReferenceObject)[];
};

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, unknown>;
  };
  security?: Record<string, string[]>[];
}

/** Follows a local `#/components/...` reference. */
export function resolveRef<T>(document: OpenApiDocument, value: T | ReferenceObject): T {
  let current: unknown = value;
  for (let hops = 0; hops < 16 && isRef(current); hops += 1) {
    const pointer = current.$ref;
    if (!pointer.startsWith('#/')) throw new Error(`only local references are supported: ${pointer}`);
    current = pointer
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) throw new Error(`unresolved reference ${pointer}`);
  }
  return current as T;
}

export function isRef(value: unknown): value is ReferenceObject {
  return typeof value === 'object' && value !== null && typeof (value as ReferenceObject).$ref === 'string';
}
