// POST /documents/upload and GET /static/file-uploads/{name} (docs/files.md). The
// router has already read the multipart body into temporary files (src/http/multipart) and
// hands it over as the typed form of src/http/multipart/multipart-form.ts; these
// handlers turn its text fields into targets and map the service's results to the spec.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { UploadTargets } from '../../records/files/file-upload-table.ts';
import { contentDisposition } from '../content-disposition.ts';
import type { UploadService, UploadedFileRecord } from '../../domain/files/upload-service.ts';
import { AppError } from '../../errors/app-error.ts';

type FileHandlers = Pick<Handlers, 'uploadDocuments' | 'getUploadedFile'>;

export const uploadedFilesPath = '/static/file-uploads';
// Uploads are untrusted content served from the service's own origin: nothing in one may run
// or load anything, even when a browser opens it as a document (openapi.yaml getUploadedFile).
export const uploadedFileSecurityPolicy = "default-src 'none'; sandbox";

export function fileHandlers(service: UploadService): FileHandlers {
  return {
    uploadDocuments: async (input, context) => {
      const form = input.body;
      const stored = await service.upload(context.principal, form.files, uploadTargets(form.fields), context.requestId);
      return {
        status: 200,
        contentType: 'application/json',
        body: { success: true, files: stored.map(toUploadedFile) },
      };
    },
    getUploadedFile: async (input, context) => {
      const file = await service.download(context.principal, input.path.name);
      return {
        status: 200,
        // openapi.yaml declares the media range `*/*`; the stored type goes in Content-Type.
        contentType: '*/*',
        // Streamed, never buffered (up to 80 MB); Koa pipes a Readable body.
        body: file.stream,
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.size),
          // A type a browser would run is never shown inline (docs/files.md "Downloading").
          'Content-Disposition': contentDisposition(
            input.query.download || file.active ? 'attachment' : 'inline',
            file.originalName,
          ),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': uploadedFileSecurityPolicy,
        },
      };
    },
  };
}

function toUploadedFile(file: UploadedFileRecord) {
  return { ...file, url: `${uploadedFilesPath}/${file.name}` };
}

const integerId = /^[1-9][0-9]{0,15}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** caseId, fundId, organizationId of the form (openapi.yaml UploadRequest); each optional. */
export function uploadTargets(fields: Readonly<Record<string, string>>): UploadTargets {
  return {
    caseId: integerField(fields, 'caseId'),
    fundId: integerField(fields, 'fundId'),
    organizationId: uuidField(fields, 'organizationId'),
  };
}

function integerField(fields: Readonly<Record<string, string>>, name: string): number | null {
  const raw = fields[name];
  if (raw === undefined) return null;
  if (!integerId.test(raw) || !Number.isSafeInteger(Number(raw))) throw malformed(name, raw, 'a positive integer id');
  return Number(raw);
}

function uuidField(fields: Readonly<Record<string, string>>, name: string): string | null {
  const raw = fields[name];
  if (raw === undefined) return null;
  if (!uuid.test(raw)) throw malformed(name, raw, 'a UUID');
  return raw.toLowerCase();
}

function malformed(name: string, raw: string, expected: string): AppError {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return new AppError('VALIDATION_FAILED', `invalid request: body.${name} must be ${expected}, got '${shown}'`, {
    details: [{ path: `body.${name}`, message: `must be ${expected}` }],
  });
}
