// The names uploaded files are stored and served under (openapi.yaml UploadName): a lowercase
// UUID plus the extension of the sniffed type. Only these names ever reach a storage path, so
// nothing a client sends (its file name above all) can choose where bytes are written.
export const storedFileNamePattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[A-Za-z0-9]{1,10})?$/;

const extensionPattern = /^[A-Za-z0-9]{1,10}$/;

export function isStoredFileName(name: string): boolean {
  return storedFileNamePattern.test(name);
}

/** `<id>.<extension>`; an extension that the pattern would refuse is left out. */
export function storedFileName(id: string, extension: string | null): string {
  const name = extension && extensionPattern.test(extension) ? `${id}.${extension}` : id;
  if (!isStoredFileName(name)) throw new Error(`'${name}' is not a stored file name: the id must be a lowercase UUID`);
  return name;
}

/** The id part of a stored name (the name without its extension). */
export function storedFileId(name: string): string {
  return name.slice(0, 36);
}
