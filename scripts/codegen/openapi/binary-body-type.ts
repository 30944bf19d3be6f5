// openapi-typescript spells `type: string, format: binary` as `string`; the bytes a handler
// sends are a Buffer or a Readable (src/http/binary-body.ts), so the generated types name
// that type instead and no handler has to cast its body.
import ts from 'typescript';
import type { SchemaObject } from 'openapi-typescript';

/** The import openapi-types.ts needs for the type name the transform below emits. */
export const binaryBodyImport = "import type { BinaryBody } from '../../src/http/binary-body.ts';";

/** An openapi-typescript `transform`: `format: binary` strings become `BinaryBody`. */
export function binaryBodyType(schema: SchemaObject): ts.TypeNode | undefined {
  if (schema.format !== 'binary' || schema.type !== 'string') return undefined;
  return ts.factory.createTypeReferenceNode('BinaryBody');
}
