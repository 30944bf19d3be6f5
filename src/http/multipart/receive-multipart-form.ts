// Reads a multipart/form-data body for the router (docs/files.md#uploading): checks the caller and
// the content type before reading, streams file parts into temporary files through koa-body
// (formidable) with the spec's limits, and checks the form's shape. Every failure removes the
// temporary files before it is thrown; on success the caller removes them with dispose().
import type { Context } from 'koa';
import type { Principal } from '../../access/principal.ts';
import { storageFailure } from '../../domain/files/storage-errors.ts';
import { AppError } from '../../errors/app-error.ts';
import { closeAfterAnswer, declaredOverLimit } from '../../request-envelope/body-limit.ts';
import { multipartError, tooManyBytes } from './multipart-errors.ts';
import { type MultipartForm, type ReceivedFile, multipartForm } from './multipart-form.ts';
import { type MultipartFormSpec, maxTextFieldBytes } from './multipart-form-specs.ts';
import { type TempFiles, createTempFiles } from './temp-files.ts';

export interface ReceivedMultipartForm {
  readonly form: MultipartForm;
  /** Removes the temporary files; call it once the request is answered. */
  dispose(): Promise<void>;
}

export interface ReceiveOptions {
  /** Where file parts wait while the request runs. */
  readonly tempDir: string;
  readonly principal: Principal;
}

// Part headers and boundaries around the files: generous, since this only spares reading a
// body whose declared length cannot fit; the parser counts the file bytes exactly.
const envelopeBytesPerPart = 8 * 1024;

export async function receiveMultipartForm(
  ctx: Context,
  spec: MultipartFormSpec,
  options: ReceiveOptions,
): Promise<ReceivedMultipartForm> {
  spec.authorize?.(options.principal);
  checkContentType(ctx, spec);
  const partCount = spec.maxFiles + spec.textFields.length;
  if (
    declaredOverLimit(ctx.req, spec.maxTotalBytes + maxTextFieldBytes + partCount * envelopeBytesPerPart) !== undefined
  ) {
    closeAfterAnswer(ctx.res);
    throw tooManyBytes(spec);
  }
  const temp = await createTempFiles(options.tempDir).catch((error: unknown) => {
    throw storageFailure(error, 'store') ?? error;
  });
  const unexpectedFileParts = new Set<string>();
  const maxFields = spec.textFields.length + 1;
  // koa-body (with formidable and zod) loads on the first upload, not at start-up
  // (docs/service.md#start-up).
  const { koaBody } = await import('koa-body');
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    patchKoa: true,
    formidable: {
      maxFiles: spec.maxFiles,
      maxFileSize: spec.maxTotalBytes,
      maxTotalFileSize: spec.maxTotalBytes,
      maxFields,
      maxFieldsSize: maxTextFieldBytes,
      allowEmptyFiles: true,
      minFileSize: 0,
      hashAlgorithm: 'sha256',
      // Parts with another name are skipped unread and refused once the body is read.
      filter: (part) => {
        if (part.name === spec.fileField) return true;
        unexpectedFileParts.add(part.name ?? '');
        return false;
      },
      fileWriteStreamHandler: (file) => temp.create(file ?? {}),
    },
  });
  try {
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      // formidable stops listening at the first error; keep reading so the client, which may
      // still be sending, gets the answer instead of a reset connection.
      ctx.req.resume();
      throw multipartError(error, spec, { maxFields, maxFieldBytes: maxTextFieldBytes });
    }
    const form = shapeForm(ctx, spec, temp, unexpectedFileParts);
    return { form, dispose: () => temp.removeAll() };
  } catch (error) {
    await temp.removeAll();
    throw error;
  }
}

function checkContentType(ctx: Context, spec: MultipartFormSpec): void {
  const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('transfer-encoding') !== '';
  if (!hasBody)
    throw new AppError('BAD_REQUEST', `the request has no body: send multipart/form-data with ${describeFiles(spec)}`);
  if (!ctx.is('multipart/form-data')) {
    const type = ctx.get('content-type') || 'none';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported content type ${type}: expected multipart/form-data`);
  }
}

function shapeForm(
  ctx: Context,
  spec: MultipartFormSpec,
  temp: TempFiles,
  unexpectedFileParts: ReadonlySet<string>,
): MultipartForm {
  const accepted = [spec.fileField, ...spec.textFields].join(', ');
  const [unexpected] = unexpectedFileParts;
  if (unexpected !== undefined) {
    throw new AppError(
      'BAD_REQUEST',
      `unexpected file part '${unexpected}': send each file as a part named '${spec.fileField}' (this form accepts ${accepted}); nothing was stored`,
    );
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries((ctx.request.body ?? {}) as Record<string, string | string[]>)) {
    if (name === spec.fileField) {
      throw new AppError(
        'BAD_REQUEST',
        `'${name}' must be a file part (with a filename and a Content-Type), not a text field`,
      );
    }
    if (!spec.textFields.includes(name))
      throw new AppError('BAD_REQUEST', `unexpected field '${name}': this form accepts ${accepted}`);
    if (Array.isArray(value)) throw new AppError('BAD_REQUEST', `field '${name}' may be sent at most once`);
    fields[name] = value;
  }
  const files = receivedFiles(ctx, spec, temp);
  if (files.length < spec.minFiles) throw new AppError('BAD_REQUEST', `no file: send ${describeFiles(spec)}`);
  return multipartForm(files, fields);
}

function receivedFiles(ctx: Context, spec: MultipartFormSpec, temp: TempFiles): ReceivedFile[] {
  const value = ctx.request.files?.[spec.fileField];
  const parts = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const files = parts.map((part) => {
    const stored = temp.find(part);
    if (!stored || typeof part.hash !== 'string')
      throw new Error(`file part '${spec.fileField}' was not received into a temporary file`);
    const file: ReceivedFile = {
      tempPath: stored.path,
      originalName: part.originalFilename,
      declaredType: part.mimetype,
      size: part.size,
      sha256: part.hash,
    };
    return { index: stored.index, file };
  });
  // formidable lists a part when its last write completes; the order they were sent is the
  // order their temporary files were created.
  return files.sort((a, b) => a.index - b.index).map((entry) => entry.file);
}

function describeFiles(spec: MultipartFormSpec): string {
  return `${spec.minFiles} to ${spec.maxFiles} files as parts named '${spec.fileField}' (at most ${spec.maxTotalBytes} bytes in total)`;
}
