// Flattens paths × methods into one record per operation, with references resolved.
import {
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type ParameterObject,
  type RequestBodyObject,
  type ResponseObject,
  httpMethods,
  resolveRef,
} from './openapi-document.ts';

export interface CollectedOperation {
  operationId: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  /** Alternatives (OR) of scheme sets (AND), as in OpenAPI; `[]` inside means anonymous access. */
  security: string[][];
  parameters: ParameterObject[];
  requestBody: { required: boolean; contentTypes: string[]; schemas: Record<string, JsonSchema | undefined> } | null;
  responses: { status: string; contentTypes: string[]; response: ResponseObject }[];
}

export function collectOperations(document: OpenApiDocument): CollectedOperation[] {
  const operations: CollectedOperation[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = (item.parameters ?? []).map((p) => resolveRef<ParameterObject>(document, p));
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (seen.has(operation.operationId)) throw new Error(`duplicate operationId ${operation.operationId}`);
      seen.add(operation.operationId);
      const own = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(document, p));
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const body = operation.requestBody ? resolveRef<RequestBodyObject>(document, operation.requestBody) : null;
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        tag: operation.tags?.[0] ?? 'default',
        summary: operation.summary ?? '',
        security: (operation.security ?? document.security ?? []).map((requirement) => Object.keys(requirement).sort()),
        parameters,
        requestBody: body
          ? {
              required: body.required ?? false,
              contentTypes: Object.keys(body.content),
              schemas: Object.fromEntries(Object.entries(body.content).map(([type, media]) => [type, media.schema])),
            }
          : null,
        responses: Object.entries(operation.responses).map(([status, value]) => {
          const response = resolveRef<ResponseObject>(document, value);
          return { status, contentTypes: Object.keys(response.content ?? {}), response };
        }),
      });
    }
  }
  return operations;
}

/** `/invoices/{invoiceId}` → `/invoices/:invoiceId` for the Koa router. */
export function toRouterPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
