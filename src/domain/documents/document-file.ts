// A rendered PDF as the business API returns it (schema.graphql `DocumentFile`): inline base64
// with its size and SHA-256, never a link, so one API-key request yields the file with no second
// credential or token-bearing URL to leak.
import { createHash } from 'node:crypto';
import type { RenderedDocument } from './document-output.ts';

export interface DocumentFileView {
  fileName: string;
  contentType: 'application/pdf';
  byteSize: number;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256: string;
  /** Standard base64 (RFC 4648 §4) with padding. */
  contentBase64: string;
  /** ISO 8601 in UTC. */
  generatedAt: string;
}

export function documentFileView(
  pdf: Extract<RenderedDocument, { format: 'pdf' }>,
  generatedAt: Date,
): DocumentFileView {
  const bytes = Buffer.from(pdf.body.buffer, pdf.body.byteOffset, pdf.body.byteLength);
  return {
    fileName: pdf.fileName,
    contentType: 'application/pdf',
    byteSize: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentBase64: bytes.toString('base64'),
    generatedAt: generatedAt.toISOString(),
  };
}
