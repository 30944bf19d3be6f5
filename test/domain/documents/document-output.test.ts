// A PDF refusal always carries a retry delay as data (openapi.yaml ServiceUnavailable): the
// engine's own delay is kept, and a refusal without one (the engine's shutdown) gets 1 s;
// other errors pass through untouched (docs/architecture.md#layers: the domain knows no headers).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DocumentKind, DocumentModels } from '../../../src/documents/document-models.ts';
import type { HtmlRenderer } from '../../../src/documents/render-html.ts';
import { createDocumentOutput } from '../../../src/domain/documents/document-output.ts';
import { AppError } from '../../../src/errors/app-error.ts';

const renderer: HtmlRenderer = { render: () => '<html></html>' };
const model = {} as DocumentModels[DocumentKind];

async function pdfFailure(refusal: unknown): Promise<unknown> {
  const output = createDocumentOutput({ renderer, pdf: { renderPdf: () => Promise.reject(refusal) } });
  return output.render('invoice', model as DocumentModels['invoice'], 'pdf', 'invoice-1').then(
    () => assert.unreachable('rendered'),
    (error: unknown) => error,
  );
}

test('a refusal without a delay gets retryAfterSeconds 1, same code and message', async () => {
  const error = (await pdfFailure(new AppError('SERVICE_UNAVAILABLE', 'the PDF engine is closed'))) as AppError;
  assert.instance(error, AppError);
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.message, 'the PDF engine is closed');
  assert.is(error.retryAfterSeconds, 1);
});

test("the engine's own delay is kept", async () => {
  const refusal = new AppError('SERVICE_UNAVAILABLE', 'PDF queue is full', { retryAfterSeconds: 3 });
  assert.is(await pdfFailure(refusal), refusal);
});

test('other errors pass through untouched', async () => {
  const aborted = new AppError('BAD_REQUEST', 'client closed the connection');
  assert.is(await pdfFailure(aborted), aborted);
  const bug = new Error('boom');
  assert.is(await pdfFailure(bug), bug);
});

test.run();
