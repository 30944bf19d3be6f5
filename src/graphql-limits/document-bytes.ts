// An estimate of the memory a cached parsed GraphQL document holds, so the document caches are
// bounded by bytes, not entries (docs/caches.md#document-caches-in-bytes): a thousand 1 MB queries padded
// with comments held about 1.8 GB. The query text is the key and counts at 2 bytes a character
// (UTF-16, the worst case); the parsed tree keeps every lexical token alive through its
// locations, measured here at about 270 bytes per token, counted as 300. Structural types only:
// the kernel imports no graphql (docs/architecture.md#layers).

interface TokenLike {
  readonly next: TokenLike | null;
}

interface DocumentLike {
  readonly loc?: { readonly startToken: TokenLike } | undefined;
}

export const bytesPerCharacter = 2;
export const bytesPerToken = 300;

export function documentBytes(source: string, document: DocumentLike): number {
  let tokens = 0;
  for (let token: TokenLike | null = document.loc?.startToken ?? null; token; token = token.next) tokens += 1;
  return source.length * bytesPerCharacter + tokens * bytesPerToken;
}
