// A body the API explorer serves unchanged to every caller (docs/api-explorer.md#caching): its
// bytes, a strong ETag from their SHA-256, and a gzip copy made once, on first demand, for clients
// that accept it (the browser bundles are megabytes; gzip takes them to about a quarter).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Below this, gzip saves too little to be worth a second representation. */
const gzipFromBytes = 1024;

export interface StaticBody {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** Quoted strong ETag of the identity bytes. */
  readonly etag: string;
  /** A short content hash: asset URLs carry it as `?v=`, so a new file is a new URL. */
  readonly version: string;
  /** The gzip representation and its ETag, or null when the body is too small to compress. */
  gzipped(): Promise<{ bytes: Buffer; etag: string } | null>;
}

export function staticBody(bytes: Buffer, contentType: string): StaticBody {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  let compressed: Promise<{ bytes: Buffer; etag: string } | null> | undefined;
  return {
    bytes,
    contentType,
    etag: `"${hash}"`,
    version: hash.slice(0, 12),
    gzipped() {
      if (bytes.length < gzipFromBytes) return Promise.resolve(null);
      compressed ??= gzipAsync(bytes).then((zipped) => ({ bytes: zipped, etag: `"${hash}-gzip"` }));
      return compressed;
    },
  };
}

/** True when an If-None-Match header names `etag` (or `*`); weak comparison, as RFC 9110 asks for GET. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === wanted);
}
