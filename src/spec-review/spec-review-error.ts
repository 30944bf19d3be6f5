// A spec diff that cannot be made (docs/spec-diff.md#exit-codes): a spec that does not parse, a
// $ref that leads nowhere, a malformed allow-list. The CLI prints the message and exits 2.
export class SpecReviewError extends Error {
  override name = 'SpecReviewError';
}
