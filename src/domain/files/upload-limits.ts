// The limits of one upload request (docs/files.md#limits, openapi.yaml UploadRequest): the
// multipart parser enforces them while reading, so nothing past a limit is ever written.
export const uploadLimits = {
  /** `file` parts per request (UploadRequest.file maxItems). */
  maxFiles: 50,
  /** Bytes of all files of one request together, and so of one file (80 MB). */
  maxTotalBytes: 83_886_080,
} as const;
