// Fixed UUIDs so URLs in the docs and assertions in tests stay valid across reloads. The
// first group names the kind of record; the last group is its number within that kind.
const uuidPrefixes = {
  organization: '11111111',
  otcQuote: '22222222',
  otcTrade: '33333333',
  amlReport: '44444444',
  caseInvitation: '55555555',
  fileUpload: '66666666',
  kycProfile: '77777777',
  kycDocument: '88888888',
} as const;

export type DemoUuidKind = keyof typeof uuidPrefixes;

export function demoUuid(kind: DemoUuidKind, n: number): string {
  return `${uuidPrefixes[kind]}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
