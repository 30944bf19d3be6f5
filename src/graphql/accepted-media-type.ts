// Which GraphQL response media type a request accepts, by the GraphQL-over-HTTP rule (as
// graphql-http had it: `application/graphql-response+json` first, then `application/json`, `application/*` or
// `*/*`; no Accept means `*/*`), so answers written before execution (an unknown API key, a
// document over the limits) use the media type execution would have chosen (docs/requests.md#post-graphql).
export type GraphqlMediaType = 'application/graphql-response+json' | 'application/json';

/** Answers for the Accept headers seen first: clients send one or two values, each on every request. */
const remembered = new Map<string | undefined, GraphqlMediaType | null>();
const rememberedAtMost = 64;

export function acceptedMediaType(accept: string | undefined): GraphqlMediaType | null {
  const known = remembered.get(accept);
  if (known !== undefined) return known;
  const answer = mediaTypeOf(accept);
  if (remembered.size < rememberedAtMost) remembered.set(accept, answer);
  return answer;
}

function mediaTypeOf(accept: string | undefined): GraphqlMediaType | null {
  const ranges = (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',');
  for (const range of ranges) {
    const [mediaType, ...params] = range.split(';');
    const charset = params.find((param) => param.includes('charset=')) ?? 'charset=utf-8';
    if (mediaType === 'application/graphql-response+json' && charset === 'charset=utf-8')
      return 'application/graphql-response+json';
    if (
      (mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') &&
      (charset === 'charset=utf-8' || charset === 'charset=utf8')
    )
      return 'application/json';
  }
  return null;
}
