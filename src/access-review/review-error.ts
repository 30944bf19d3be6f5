// A question the access review cannot answer because it names something that does not exist
// (an unknown role, table, column or action) or is malformed: the CLI prints the message and
// exits 2 (docs/access-review.md#exit-codes).
export class ReviewError extends Error {
  override name = 'ReviewError';
}
