// Fuzzed graphql-transport-ws sessions on the business API's socket (docs/robustness.md#sockets):
// each is a short list of frames drawn from its seed and index, valid ones mixed with what has
// broken servers before (frames before connection_init, a second init, duplicate and odd ids,
// broken JSON, binary frames, unknown types, deep variables, alias floods, hostile text and
// wrong keys), so any one can be rebuilt alone as the HTTP requests can.
import type { Draw } from './draw.ts';
import { hostileText } from './hostile-strings.ts';

export interface SocketSession {
  /** The connection_init frame, sent first and its answer awaited as a client would; null: none. */
  init: string | null;
  /** The frames sent after it, in order: text (JSON or not) or bytes. */
  frames: (string | Buffer)[];
  /** The kinds drawn, for the report. */
  variant: string[];
}

/** Stands for the valid API key, filled in by the sender so a printed session does not reveal it. */
export const validKeyPlaceholder = '{{valid-api-key}}';

const documents: readonly (readonly [string, string])[] = [
  ['ping', '{ ping }'],
  ['order-book', 'subscription { orderBookUpdates(productIds: ["BTC-USD"]) { productId type } }'],
  ['order-book-bad-products', 'subscription { orderBookUpdates(productIds: []) { productId } }'],
  ['order-book-variable', 'subscription ($p: [String!]) { orderBookUpdates(productIds: $p) { productId } }'],
  ['mutation', 'mutation ($id: Int!) { cancelFundSubscription(input: { subscriptionId: $id }) { success } }'],
  ['quote', 'mutation ($input: CalculateOtcQuoteInput!) { calculateOtcQuote(input: $input) { success } }'],
  ['syntax-error', '{ ping '],
  ['unknown-field', '{ pong }'],
  ['two-operations', 'query A { ping } query B { ping }'],
  ['introspection', '{ __schema { types { name fields { name } } } }'],
];

export function socketSession(draw: Draw): SocketSession {
  const variant: string[] = [];
  const frames: (string | Buffer)[] = [];
  const init = draw.chance(0.85) ? connectionInit(draw, variant) : null;
  if (!init) variant.push('no-init');
  const count = draw.int(1, 6);
  for (let index = 0; index < count; index++) frames.push(frame(draw, variant, index));
  return { init, frames, variant };
}

function connectionInit(draw: Draw, variant: string[]): string {
  const kind = draw.weighted<string>([
    [8, 'valid'],
    [1, 'wrong-key'],
    [1, 'no-key'],
    [1, 'not-an-object'],
    [1, 'hostile-key'],
  ]);
  variant.push(`init:${kind}`);
  const payload =
    kind === 'valid'
      ? { apiKey: validKeyPlaceholder, ...(draw.chance(0.2) ? { 'X-Acting-User': hostileText(draw) } : {}) }
      : kind === 'wrong-key'
        ? { apiKey: `wpk_${draw.ascii(12, 12)}_${draw.ascii(10, 40)}` }
        : kind === 'no-key'
          ? {}
          : kind === 'not-an-object'
            ? draw.pick([null, 42, 'key', [validKeyPlaceholder]])
            : { apiKey: hostileText(draw) };
  return JSON.stringify({ type: 'connection_init', payload });
}

function frame(draw: Draw, variant: string[], index: number): string | Buffer {
  const kind = draw.weighted<string>([
    [10, 'subscribe'],
    [1, 'second-init'],
    [1, 'complete'],
    [1, 'ping'],
    [1, 'broken-json'],
    [1, 'binary'],
    [1, 'unknown-type'],
  ]);
  variant.push(kind);
  switch (kind) {
    case 'subscribe':
      return subscribe(draw, variant, index);
    case 'second-init':
      return JSON.stringify({ type: 'connection_init', payload: { apiKey: validKeyPlaceholder } });
    case 'complete':
      return JSON.stringify({ type: 'complete', id: draw.pick(['0', '1', 'unknown', draw.text(20)]) });
    case 'ping':
      return JSON.stringify({ type: draw.pick(['ping', 'pong']), payload: draw.json(3) });
    case 'broken-json':
      return draw.pick(['{', '{"type":"subscribe"', 'null', '[]', draw.text(100)]);
    case 'binary':
      return draw.bytes(1, 200);
    default:
      return JSON.stringify({ type: draw.pick(['start', 'stop', 'connection_terminate', '', draw.text(10)]), id: '1' });
  }
}

function subscribe(draw: Draw, variant: string[], index: number): string {
  const id = draw.weighted<unknown>([
    [8, String(index)],
    [1, '0'],
    [1, draw.pick([1, null, '', { a: 1 }, draw.text(30)])],
  ]);
  const shape = draw.weighted<string>([
    [6, 'document'],
    [1, 'deep-variables'],
    [1, 'alias-flood'],
    [1, 'hostile-variables'],
    [1, 'no-payload'],
  ]);
  variant.push(`subscribe:${shape}`);
  if (shape === 'no-payload') return JSON.stringify({ type: 'subscribe', id });
  const [name, query] = draw.pick(documents);
  variant.push(`document:${name}`);
  const payload =
    shape === 'document'
      ? { query, variables: variablesFor(draw, name) }
      : shape === 'deep-variables'
        ? { query, variables: { p: deepArray(draw.int(100, 12_000)), id: 1 } }
        : shape === 'alias-flood'
          ? { query: `{ ${Array.from({ length: draw.int(50, 600) }, (_, n) => `a${n}: ping`).join(' ')} }` }
          : { query, variables: { p: [hostileText(draw)], id: draw.json(4), input: draw.json(4) } };
  // The frame is text as a client would send it; a deep array is written out, not stringified recursively.
  return `{"type":"subscribe","id":${JSON.stringify(id)},"payload":${payloadJson(payload)}}`;
}

function variablesFor(draw: Draw, name: string): Record<string, unknown> | undefined {
  if (name === 'order-book-variable') return { p: draw.pick([['BTC-USD'], [], null, ['NOPE-USD'], [draw.text(20)]]) };
  if (name === 'mutation') return { id: draw.pick([1, -1, 2 ** 31, '1', null]) };
  if (name === 'quote') return { input: draw.json(3) };
  return undefined;
}

interface DeepArray {
  readonly depth: number;
}

function deepArray(depth: number): DeepArray {
  return { depth };
}

function payloadJson(payload: Record<string, unknown>): string {
  const variables = payload['variables'] as Record<string, unknown> | undefined;
  const deep = variables?.['p'] as DeepArray | undefined;
  if (!deep || typeof deep !== 'object' || !('depth' in deep)) return JSON.stringify(payload);
  const rest = JSON.stringify({ ...variables, p: 0 }).replace(
    '"p":0',
    `"p":${'['.repeat(deep.depth)}${']'.repeat(deep.depth)}`,
  );
  return `{"query":${JSON.stringify(payload['query'])},"variables":${rest}}`;
}
