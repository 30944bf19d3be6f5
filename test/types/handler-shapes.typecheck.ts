// Compile-only proof (docs/code-generation.md): `npm run typecheck` fails if any
// line marked @ts-expect-error compiles, i.e. if a wrong handler or resolver shape were
// accepted. Nothing here runs.
import { Readable } from 'node:stream';
import type { Handlers } from '../../generated/openapi/handlers.ts';
import type { ReceivedFile } from '../../src/http/multipart/multipart-form.ts';
import type { QueryResolvers } from '../../generated/graphql/resolver-types.ts';
import type { ImplementedResolvers } from '../../src/graphql/implemented-resolvers.ts';
import type { BusinessResolvers } from '../../src/graphql/resolvers/business-resolvers.ts';

export const correct: Handlers['getLiveness'] = async () => ({ status: 200, contentType: 'text/plain', body: 'ok' });

// @ts-expect-error the body of GET /healthz is a string, not a number
export const wrongBody: Handlers['getLiveness'] = async () => ({ status: 200, contentType: 'text/plain', body: 42 });

// @ts-expect-error 418 is not a status openapi.yaml declares for GET /healthz
export const undeclaredStatus: Handlers['getLiveness'] = async () => ({
  status: 418,
  contentType: 'text/plain',
  body: 'ok',
});

// @ts-expect-error GET /healthz declares text/plain only
export const wrongContentType: Handlers['getLiveness'] = async () => ({
  status: 200,
  contentType: 'application/json',
  body: 'ok',
});

// @ts-expect-error the readiness body must have `status` and `checks`
export const wrongSchema: Handlers['getReadiness'] = async () => ({
  status: 200,
  contentType: 'application/json',
  body: { ready: true },
});

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

// Every root field of schema.graphql has a resolver (src/graphql/implemented-resolvers.ts).
export const builtQueries: Pick<ImplementedResolvers['Query'], 'ping'> = { ping: () => 'pong' };

// @ts-expect-error Query.ping needs a resolver
export const missingPing: Pick<ImplementedResolvers['Query'], 'ping'> = {};

// @ts-expect-error the assembled map answers every Mutation field
export const noMutations: BusinessResolvers['Mutation'] = {};

// Binary bodies (openapi.yaml#/components/schemas/BinaryFile) are a Buffer or a Readable
// (src/http/binary-body.ts), never a string and never a bare Uint8Array, which Koa would send as JSON.
const pdf = {
  status: 200,
  contentType: 'application/pdf',
  headers: { 'Content-Disposition': 'inline; filename="case.pdf"' },
} as const;

export const pdfBuffer: Handlers['getCaseReportPdf'] = async () => ({ ...pdf, body: Buffer.from('%PDF-1.7') });

// @ts-expect-error a PDF is bytes, not a string
export const pdfString: Handlers['getCaseReportPdf'] = async () => ({ ...pdf, body: '%PDF-1.7' });

// @ts-expect-error a bare Uint8Array is not a Buffer: Koa would serialize it as JSON
export const pdfUint8Array: Handlers['getCaseReportPdf'] = async () => ({
  ...pdf,
  body: new Uint8Array([37, 80, 68, 70]),
});

export const uploadedFileStream: Handlers['getUploadedFile'] = async () => ({
  status: 200,
  contentType: '*/*',
  body: Readable.from(['bytes']),
});

// A multipart/form-data body arrives as the form the router read (src/http/multipart/multipart-form.ts).
export const uploadForm: Handlers['uploadDocuments'] = async (input) => {
  const files: readonly ReceivedFile[] = input.body.files;
  const caseId: string | undefined = input.body.fields.caseId;
  // @ts-expect-error the form holds received files, not the schema's `file` array
  const raw: unknown = input.body.file;
  void [files, caseId, raw];
  throw new Error('unreachable');
};
