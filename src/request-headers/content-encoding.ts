// The service accepts request bodies uncompressed only, on both ports (docs/requests.md#request-bodies):
// a body with a Content-Encoding other than `identity` is refused (415) before it is read, so a
// compressed body can never inflate past a body limit or reach a parser as bytes it cannot read.
// Each transport says the refusal in its own error shape.

/**
 * Why a body sent with this Content-Encoding header is refused, or null when it is
 * uncompressed (no header, empty, or only `identity`). Codings are compared case-insensitively.
 */
export function encodedBodyRefusal(contentEncoding: string | undefined): string | null {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== '' && encoding !== 'identity');
  if (encodings.length === 0) return null;
  return `Unsupported Content-Encoding ${encodings.join(', ').slice(0, 64)}: send the request body uncompressed (no Content-Encoding, or identity)`;
}
