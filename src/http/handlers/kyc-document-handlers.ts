// `GET /kyc/documents/{id}/file?token=` (docs/identity.md#kyc-document-links): the router lets the
// signed-URL scheme through once a token is present (authenticate.ts); the token is checked here,
// against the document of the path, by the KYC document file service.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { KycDocumentFileService, ServedKycDocumentType } from '../../domain/kyc/kyc-document-file-service.ts';
import { contentDisposition } from '../content-disposition.ts';

type KycDocumentHandlers = Pick<Handlers, 'getKycDocumentFile'>;

// openapi.yaml CacheControlPrivateNoStore: an identity document is never kept by any cache.
export const kycDocumentCacheControl = 'private, no-store';
// Opened directly, a document must not run or load anything. Chromium does not show a PDF in
// a sandboxed document at all, so PDFs get the same policy without `sandbox`.
export const kycImageContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
export const kycPdfContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; object-src 'self'";

export function kycDocumentHandlers(service: KycDocumentFileService): KycDocumentHandlers {
  return {
    getKycDocumentFile: async (input, context) => {
      // `token` is a security scheme, not a declared parameter, so it is read from the query string.
      const token = new URLSearchParams(context.raw.querystring).get('token');
      const file = await service.download(token, input.path.id);
      return {
        status: 200,
        contentType: file.contentType,
        // Koa sends a Buffer as is but would serialize a bare Uint8Array as JSON (src/http/binary-body.ts).
        body: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
        headers: {
          'Content-Disposition': contentDisposition('inline', file.fileName),
          'Cache-Control': kycDocumentCacheControl,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': contentSecurityPolicy(file.contentType),
        },
      };
    },
  };
}

function contentSecurityPolicy(contentType: ServedKycDocumentType): string {
  return contentType === 'application/pdf' ? kycPdfContentSecurityPolicy : kycImageContentSecurityPolicy;
}
