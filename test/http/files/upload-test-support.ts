// Shared by the tests of POST /documents/upload and GET /static/file-uploads/{name}: a real
// service with demo data and its own upload directory, credentials of demo users, and HTTP
// helpers whose responses are checked against openapi.yaml like every other test's.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createSessionStore } from '../../../src/stores/session-store.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createSessionService } from '../../../src/domain/identity/session-service.ts';
import { sessionCookieName } from '../../../src/http/authenticate.ts';
import { assertMatchesContract } from '../../support/openapi-contract.ts';
import { type TestService, startTestService, testAdminApiKey } from '../../support/test-service.ts';

export type Credentials = Record<string, string>;

export interface FileTestService {
  readonly service: TestService;
  readonly uploadDir: string;
  readonly incomingDir: string;
  readonly adminKey: Credentials;
  /** A session cookie of a demo user. */
  session(userId: string): Promise<Credentials>;
  apiKey(kind: 'service' | 'partner' | 'admin'): Promise<Credentials>;
  upload(body: RequestInit['body'], credentials: Credentials, headers?: Record<string, string>): Promise<JsonResponse>;
  download(name: string, credentials: Credentials, query?: string): Promise<DownloadResponse>;
  /** Rows of file_upload that the demo seed did not create. */
  uploadedRows(): Promise<UploadRow[]>;
  /** Regular files in the upload directory (the stored files). */
  storedFiles(): string[];
  /** Whatever is left in the directory of in-flight parts. */
  incomingFiles(): string[];
  stop(): Promise<void>;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface DownloadResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  body: any;
}

export interface UploadRow {
  id: string;
  stored_name: string;
  original_name: string;
  content_type: string;
  declared_content_type: string | null;
  size_bytes: string;
  sha256: string;
  owner_user_id: string | null;
  organization_id: string | null;
  case_id: number | null;
  fund_id: number | null;
}

export async function startFileTestService(): Promise<FileTestService> {
  // The upload directory sits in a private parent, so a test can check that nothing was
  // written beside it without seeing what other processes put in the system temp directory.
  const parentDir = mkdtempSync(path.join(tmpdir(), 'platform-test-uploads-'));
  const uploadDir = path.join(parentDir, 'uploads');
  mkdirSync(uploadDir);
  const service = await startTestService({ SEED: 'demo', UPLOAD_DIR: uploadDir });
  const sessions = createSessionService({ store: createSessionStore(service.db) });
  const apiKeys = createApiKeyService({ store: createApiKeyStore(service.db) });
  const incomingDir = path.join(uploadDir, '.incoming');
  const list = (directory: string) => {
    try {
      return readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    } catch {
      return [];
    }
  };

  return {
    service,
    uploadDir,
    incomingDir,
    adminKey: { 'x-api-key': testAdminApiKey },
    async session(userId) {
      return { cookie: `${sessionCookieName}=${(await sessions.create(userId, 3600)).cookieSecret}` };
    },
    async apiKey(kind) {
      return { 'x-api-key': (await apiKeys.create({ name: `files ${kind}`, kind, scopes: [] })).secret };
    },
    async upload(body, credentials, headers = {}) {
      // A stream is sent chunked, which fetch allows only half duplex.
      const init = {
        method: 'POST',
        body,
        headers: { ...credentials, ...headers },
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      };
      const response = await fetch(`${service.url}/documents/upload`, init as RequestInit);
      const text = await response.text();
      assertMatchesContract('POST', '/documents/upload', response.status, response.headers.get('content-type'), text);
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
    async download(name, credentials, query = '') {
      const pathname = `/static/file-uploads/${name}`;
      const response = await fetch(`${service.url}${pathname}${query}`, { headers: credentials });
      const bytes = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get('content-type');
      assertMatchesContract('GET', pathname, response.status, type, bytes.toString('utf8'));
      const body = type?.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : undefined;
      return { status: response.status, headers: response.headers, bytes, body };
    },
    async uploadedRows() {
      const { rows } =
        await sql<UploadRow>`SELECT id::text, stored_name, original_name, content_type, declared_content_type, size_bytes::text, sha256, owner_user_id,
        organization_id::text, case_id, fund_id FROM file_upload WHERE id::text NOT LIKE '66666666-%' ORDER BY created_at, stored_name`.execute(
          service.db,
        );
      return rows;
    },
    storedFiles: () => list(uploadDir),
    incomingFiles: () => list(incomingDir),
    async stop() {
      await service.stop();
      rmSync(parentDir, { recursive: true, force: true });
    },
  };
}

/** A FormData with one `file` part per entry. */
export function formWith(
  files: readonly { bytes: Uint8Array | string; name: string; type?: string }[],
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

/** A minimal valid PNG (1×1, transparent). */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of a PDF: enough for the magic-number check. */
export const pdfBytes = Buffer.from(
  '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A multipart body written byte by byte, for part headers FormData would never send. */
export function rawMultipart(
  boundary: string,
  parts: readonly { disposition: string; type?: string; body: Uint8Array | string }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const type = part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${part.disposition}\r\n${type}\r\n`),
      Buffer.from(part.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
