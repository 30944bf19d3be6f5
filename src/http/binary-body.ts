// What a handler sends as a `format: binary` body (openapi.yaml#/components/schemas/BinaryFile:
// PDFs, uploaded files, KYC document images). Koa writes a Buffer as bytes and pipes a
// Readable; any other Uint8Array it would serialize as JSON, so a bare Uint8Array is refused.
import type { Readable } from 'node:stream';

export type BinaryBody = Buffer | Readable;
