// The wire messages of a Coinbase-Exchange-style level2 channel (docs/market-data.md#protocol), read
// and written by the client and the simulator alike: `subscribe`/`unsubscribe` from the client;
// `subscriptions`, `snapshot`, `l2update` and `error` from the server. Prices and sizes stay the
// strings the server wrote; a message that breaks the shape is refused with the field that broke it.
import { readArray, readDate, readOneOf, readRecord, readString, ShapeError } from '../http-json/json-fields.ts';

/** `[price, size]`, decimal strings; a size of `"0"` is no level. */
export type Level2Level = readonly [price: string, size: string];

/** `[side, price, size]`: `size` is the level's new absolute size, `"0"` removes it. */
export type Level2Change = readonly [side: 'buy' | 'sell', price: string, size: string];

export interface Level2Snapshot {
  readonly type: 'snapshot';
  readonly product_id: string;
  /** Per product, consecutive across the product's messages. */
  readonly sequence: number;
  readonly time: string;
  readonly bids: readonly Level2Level[];
  readonly asks: readonly Level2Level[];
}

export interface Level2Update {
  readonly type: 'l2update';
  readonly product_id: string;
  readonly sequence: number;
  readonly time: string;
  readonly changes: readonly Level2Change[];
}

export interface Level2Error {
  readonly type: 'error';
  readonly message: string;
  readonly reason: string | null;
  /** The product the error is about, when the server names one. */
  readonly product_id: string | null;
}

/** What the server sends that the client acts on; `other` is any type it does not read (heartbeats, acknowledgements). */
export type Level2ServerMessage =
  Level2Snapshot | Level2Update | Level2Error | { readonly type: 'other'; name: string };

export interface Level2Subscription {
  readonly type: 'subscribe' | 'unsubscribe';
  readonly product_ids: readonly string[];
  readonly channels: readonly string[];
}

/** A product id: `BASE-QUOTE`, upper-case letters and digits. */
export const productIdPattern = /^[A-Z0-9]{1,15}-[A-Z0-9]{1,15}$/;
/** A positive or zero plain decimal as the exchange writes it (`"94250.12"`, `"0.00500000"`). */
const wireDecimal = /^(0|[1-9]\d{0,29})(\.\d{1,30})?$/;
/** More levels than any real book sends in one message: a defence, not a business rule. */
const maxLevels = 100_000;

/** A server message that breaks the protocol: what broke, and the product it names if readable. */
export class Level2MessageError extends Error {
  /** The product named by the message, when it could be read; null otherwise. */
  readonly productId: string | null;
  constructor(cause: ShapeError, productId: string | null) {
    super(cause.message);
    this.name = 'Level2MessageError';
    this.productId = productId;
  }
}

/** Reads one text frame from the server; throws Level2MessageError when it breaks the protocol. */
export function parseServerMessage(text: string): Level2ServerMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Level2MessageError(new ShapeError('$', 'a JSON object', text.slice(0, 40)), null);
  }
  const productId = readProductIdLoosely(json);
  try {
    return readServerMessage(json);
  } catch (error) {
    if (error instanceof ShapeError) throw new Level2MessageError(error, productId);
    throw error;
  }
}

function readServerMessage(json: unknown): Level2ServerMessage {
  const message = readRecord(json, '$');
  const type = readString(message.type, '$.type', { maxLength: 40 });
  switch (type) {
    case 'snapshot':
      return {
        type,
        product_id: readProductId(message.product_id, '$.product_id'),
        sequence: readSequence(message.sequence, '$.sequence'),
        // Coinbase's snapshot may carry no time: the moment it arrives stands in.
        time: message.time === undefined ? new Date().toISOString() : readTime(message.time, '$.time'),
        bids: readLevels(message.bids, '$.bids'),
        asks: readLevels(message.asks, '$.asks'),
      };
    case 'l2update':
      return {
        type,
        product_id: readProductId(message.product_id, '$.product_id'),
        sequence: readSequence(message.sequence, '$.sequence'),
        time: readTime(message.time, '$.time'),
        changes: readChanges(message.changes, '$.changes'),
      };
    case 'error':
      return {
        type,
        message: readString(message.message, '$.message', { maxLength: 1_000 }),
        reason: typeof message.reason === 'string' ? message.reason.slice(0, 1_000) : null,
        product_id:
          typeof message.product_id === 'string' && productIdPattern.test(message.product_id)
            ? message.product_id
            : null,
      };
    default:
      return { type: 'other', name: type };
  }
}

/** Reads what a client sends; throws ShapeError naming the field when it is no subscription. */
export function parseClientMessage(text: string): Level2Subscription {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ShapeError('$', 'a JSON object', text.slice(0, 40));
  }
  const message = readRecord(json, '$');
  const type = readOneOf(message.type, '$.type', ['subscribe', 'unsubscribe'] as const);
  const productIds = readArray(message.product_ids, '$.product_ids').map((id, index) =>
    readProductId(id, `$.product_ids[${index}]`),
  );
  const channels = readArray(message.channels, '$.channels').map((channel, index) =>
    typeof channel === 'string' ? channel : readRecord(channel, `$.channels[${index}]`).name,
  );
  return {
    type,
    product_ids: productIds,
    channels: channels.map((channel, index) => readString(channel, `$.channels[${index}]`, { maxLength: 40 })),
  };
}

export function subscriptionMessage(type: 'subscribe' | 'unsubscribe', productIds: readonly string[]): string {
  const message: Level2Subscription = { type, product_ids: productIds, channels: ['level2'] };
  return JSON.stringify(message);
}

function readProductId(value: unknown, path: string): string {
  if (typeof value !== 'string' || !productIdPattern.test(value)) {
    throw new ShapeError(path, 'a product id such as "BTC-USD"', value);
  }
  return value;
}

function readProductIdLoosely(json: unknown): string | null {
  const id = typeof json === 'object' && json !== null ? (json as Record<string, unknown>).product_id : undefined;
  return typeof id === 'string' && productIdPattern.test(id) ? id : null;
}

function readSequence(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ShapeError(path, 'a whole number ≥ 0', value);
  }
  return value;
}

function readTime(value: unknown, path: string): string {
  readDate(value, path);
  return value as string;
}

function readDecimalText(value: unknown, path: string): string {
  if (typeof value !== 'string' || !wireDecimal.test(value)) {
    throw new ShapeError(path, 'a decimal string such as "94250.12"', value);
  }
  return value;
}

function readPrice(value: unknown, path: string): string {
  const price = readDecimalText(value, path);
  if (/^0(\.0+)?$/.test(price)) throw new ShapeError(path, 'a price above 0', value);
  return price;
}

function readLevels(value: unknown, path: string): Level2Level[] {
  const levels = readArray(value, path);
  if (levels.length > maxLevels) throw new ShapeError(path, `at most ${maxLevels} levels`, `${levels.length} levels`);
  return levels.map((level, index) => {
    const pair = readArray(level, `${path}[${index}]`);
    if (pair.length < 2) throw new ShapeError(`${path}[${index}]`, '[price, size]', pair);
    return [readPrice(pair[0], `${path}[${index}][0]`), readDecimalText(pair[1], `${path}[${index}][1]`)] as const;
  });
}

function readChanges(value: unknown, path: string): Level2Change[] {
  const changes = readArray(value, path);
  if (changes.length > maxLevels) throw new ShapeError(path, `at most ${maxLevels} changes`, `${changes.length}`);
  return changes.map((change, index) => {
    const triple = readArray(change, `${path}[${index}]`);
    if (triple.length !== 3) throw new ShapeError(`${path}[${index}]`, '[side, price, size]', triple);
    return [
      readOneOf(triple[0], `${path}[${index}][0]`, ['buy', 'sell'] as const),
      readPrice(triple[1], `${path}[${index}][1]`),
      readDecimalText(triple[2], `${path}[${index}][2]`),
    ] as const;
  });
}
