// KYC_DATA_KEYS (docs/kyc.md#keys): the key ring that encrypts questionnaire answers at rest,
// comma-separated `id:base64key` entries. The first encrypts; every entry decrypts, so a key
// that has been replaced stays listed until `npm run admin -- kyc re-encrypt` has moved the
// stored answers off it. Parsed here, as text, because configuration is frozen: the domain turns
// the base64 into key bytes (src/domain/kyc/kyc-data-key-ring.ts).

export interface KycDataKeyEntry {
  /** Written into every ciphertext it makes, so decryption finds the key again. */
  readonly id: string;
  /** The 32-byte AES-256 key, base64 (standard or URL alphabet). */
  readonly secret: string;
}

/** Short enough for the envelope's one-byte length, and safe in logs and audit rows. */
export const kycDataKeyIdPattern = /^[A-Za-z0-9._-]{1,64}$/;
export const kycDataKeyBytes = 32;

/** The entries of `raw`; an empty or absent value is undefined (the caller falls back to a generated key). */
export function parseKycDataKeys(
  raw: string | undefined,
  name: string,
  problems: string[],
): readonly KycDataKeyEntry[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const entries: KycDataKeyEntry[] = [];
  const parts = raw.split(',').map((part) => part.trim());
  parts.forEach((part, index) => {
    const problem = entryProblem(part, entries);
    if (problem) problems.push(`${name} entry ${index + 1} ${problem}`);
    else entries.push({ id: part.slice(0, part.indexOf(':')), secret: part.slice(part.indexOf(':') + 1) });
  });
  return entries.length === parts.length ? entries : undefined;
}

/** What is wrong with one `id:base64key` entry; never quotes the key. */
function entryProblem(part: string, earlier: readonly KycDataKeyEntry[]): string | undefined {
  const colon = part.indexOf(':');
  if (colon < 0) return "must be 'id:base64key'";
  const id = part.slice(0, colon);
  if (!kycDataKeyIdPattern.test(id))
    return `has an id that is not 1 to 64 of A-Z a-z 0-9 . _ -, got '${id.slice(0, 80)}'`;
  if (earlier.some((entry) => entry.id === id)) return `repeats the key id '${id}'`;
  const secret = part.slice(colon + 1);
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(secret) || Buffer.from(secret, 'base64').length !== kycDataKeyBytes)
    return `('${id}') must be a base64 key of exactly ${kycDataKeyBytes} bytes (openssl rand -base64 32)`;
  return undefined;
}
