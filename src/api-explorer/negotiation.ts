// Content negotiation of the API explorer (docs/api-explorer.md#graphiql), by the `negotiator`
// package that Koa's own `ctx.accepts` uses: whether a GET of a GraphQL endpoint wants the
// GraphiQL page, and whether a client takes gzip.
import Negotiator from 'negotiator';

// Listed first so that a tie (the wildcard type, or no Accept at all) goes to GraphQL, not to the page.
const graphqlOrHtml = ['application/graphql-response+json', 'application/json', 'text/html'];

/**
 * True when the client prefers HTML to every GraphQL response media type: a browser (HTML at
 * q=1, the wildcard lower) or `Accept: text/html`; never a wildcard alone, no Accept, or JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  return new Negotiator({ headers: { accept } }).mediaType(graphqlOrHtml) === 'text/html';
}

export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(['gzip', 'identity']) === 'gzip';
}
