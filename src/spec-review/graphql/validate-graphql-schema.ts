// schema.graphql checked, by codegen before anything is generated from it and by spec diff before
// comparing (docs/code-generation.md#spec-problems), with graphql-js's own checks, every problem at its line: syntax, then the SDL rules (unknown
// types with a "did you mean", duplicate types, fields and enum values, …), then the schema's
// (interfaces implemented, root types). Each stage runs only when the one before found nothing,
// since its findings would follow from the first mistake.
import {
  buildASTSchema,
  getLocation,
  GraphQLError,
  parse,
  validateSchema,
  type ASTNode,
  type DocumentNode,
} from 'graphql';
import { validateSDL } from 'graphql/validation/validate.js';
import { specProblem, type SpecProblem } from '../../spec-problems/spec-problem.ts';

export function validateGraphqlSchema(text: string, fileName: string): SpecProblem[] {
  const sdl = sdlProblems(text, fileName);
  if (!sdl.ok) return sdl.problems;
  return validateSchema(buildASTSchema(sdl.document, { assumeValidSDL: true })).map((error) =>
    toSpecProblem(error, fileName),
  );
}

/**
 * Syntax and the SDL rules only: what graphql-js's buildSchema refuses. Spec diff compares any
 * schema that builds, also one whose types do not yet implement their interfaces.
 */
export function sdlProblems(
  text: string,
  fileName: string,
): { ok: true; document: DocumentNode } | { ok: false; problems: SpecProblem[] } {
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch (error) {
    if (error instanceof GraphQLError) return { ok: false, problems: [toSpecProblem(error, fileName)] };
    throw error;
  }
  const errors = validateSDL(document);
  if (errors.length > 0) return { ok: false, problems: errors.map((error) => toSpecProblem(error, fileName)) };
  return { ok: true, document };
}

/**
 * At the last node graphql-js names, by its name when it has one (a type's place would be its
 * description): for a duplicate that is the second definition, for an interface not implemented
 * the type that should implement it, so the place is the one to edit.
 */
function toSpecProblem(error: GraphQLError, fileName: string): SpecProblem {
  const node = error.nodes?.at(-1);
  const start = (nameOf(node) ?? node)?.loc?.start;
  const place = start !== undefined && error.source ? getLocation(error.source, start) : error.locations?.at(-1);
  return specProblem(fileName, place?.line ?? 1, place?.column ?? 1, error.message);
}

function nameOf(node: ASTNode | undefined): ASTNode | undefined {
  const name = (node as { name?: ASTNode } | undefined)?.name;
  return name?.kind === 'Name' ? name : undefined;
}
