// Compile-only proof (issue 2 §4, DESIGN.md §11): `npm run typecheck` fails if any line
// marked @ts-expect-error compiles, i.e. if a wrong handler or resolver shape were accepted.
// Nothing here runs.
import type { Handlers } from '../../generated/openapi/handlers.ts';
import type { QueryResolvers } from '../../generated/graphql/resolver-types.ts';

export const correct: Handlers['getLiveness'] = async () => ({ status: 200, contentType: 'text/plain', body: 'ok' });

// @ts-expect-error the body of GET /healthz is a string, not a number
export const wrongBody: Handlers['getLiveness'] = async () => ({ status: 200, contentType: 'text/plain', body: 42 });

// @ts-expect-error 418 is not a status openapi.yaml declares for GET /healthz
export const undeclaredStatus: Handlers['getLiveness'] = async () => ({ status: 418, contentType: 'text/plain', body: 'ok' });

// @ts-expect-error GET /healthz declares text/plain only
export const wrongContentType: Handlers['getLiveness'] = async () => ({ status: 200, contentType: 'application/json', body: 'ok' });

// @ts-expect-error the readiness body must have `status` and `checks`
export const wrongSchema: Handlers['getReadiness'] = async () => ({ status: 200, contentType: 'application/json', body: { ready: true } });

export const typedInput: Handlers['getInvoiceDocument'] = async (input) => {
  // @ts-expect-error invoiceId is an integer in openapi.yaml, so it is not a string here
  const id: string = input.path.invoiceId;
  void id;
  throw new Error('unreachable');
};

// @ts-expect-error a Handlers object missing operations does not type-check
export const incomplete: Handlers = { getLiveness: correct };

// @ts-expect-error `ping` returns String! in schema.graphql
export const wrongResolver: QueryResolvers['ping'] = () => 42;
