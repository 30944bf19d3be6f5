// The sniffed content type of an upload, read from its bytes (docs/files.md "Content type"):
// `file-type` recognises binary formats by their magic numbers; bytes it does not know are
// plain text when they are valid UTF-8 without NUL bytes, and application/octet-stream
// otherwise (also for an empty file: nothing to sniff). The client's declared type is only
// believed where these bytes agree with it (served-content-type.ts).
import { createReadStream } from 'node:fs';

export interface SniffedType {
  /** The media type stored and served (`text/plain; charset=utf-8` for text). */
  readonly contentType: string;
  /** Extension of the stored name, without the dot. */
  readonly extension: string;
}

export const octetStream: SniffedType = { contentType: 'application/octet-stream', extension: 'bin' };
export const plainText: SniffedType = { contentType: 'text/plain; charset=utf-8', extension: 'txt' };

// Detectors read small headers; the cap keeps a crafted file from making one allocate much.
const maxDetectorRead = 1024 * 1024;

export async function sniffContentType(filePath: string, size: number): Promise<SniffedType> {
  if (size === 0) return octetStream;
  // Loaded on first use: the detector is dozens of modules that start-up need not load
  // (docs/service.md#start-up).
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(filePath, { maxBufferSize: maxDetectorRead });
  if (detected) return { contentType: detected.mime, extension: detected.ext.toLowerCase() };
  return (await isUtf8Text(filePath)) ? plainText : octetStream;
}

/** Whether the whole file decodes as UTF-8 and holds no NUL byte (read as a stream). */
export async function isUtf8Text(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath)) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}
