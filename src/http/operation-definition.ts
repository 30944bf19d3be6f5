// The shape of one entry of generated/openapi/operations.ts.
export interface OperationDefinition {
  readonly operationId: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
  readonly path: string;
  readonly routerPath: string;
  readonly tag: string;
  readonly summary: string;
  /** Alternatives (any one suffices) of scheme sets (all required); an empty set means public. */
  readonly security: readonly (readonly string[])[];
  readonly parameters: readonly {
    readonly name: string;
    readonly in: 'path' | 'query' | 'header' | 'cookie';
    readonly required: boolean;
  }[];
  readonly requestBody: { readonly required: boolean; readonly contentTypes: readonly string[] } | null;
  readonly responses: Readonly<Record<string, readonly string[]>>;
}
