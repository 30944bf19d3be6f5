// Where a graphql-ws subscription's messages go when the service writes them itself rather than
// through graphql-ws' own per-subscriber execution: the order-book fan-out serializes an update
// once per product and writes the same bytes to every subscriber
// (docs/market-data.md#fan-out). subscription-server.ts makes one per subscribe message.
import type { DocumentNode } from 'graphql';

export interface SubscriptionSink {
  /** The graphql-ws operation id the client chose for the subscription. */
  readonly id: string;
  /** The subscription's document, operation and variables, to render its selection once per shape. */
  readonly operation: SubscriptionOperation;
  /** Writes a `next` message with the given payload (an ExecutionResult already in JSON). */
  next(payloadJson: string): void;
  /** Bytes written to the connection and not yet sent: how far the client is behind. */
  unsentBytes(): number;
}

export interface SubscriptionOperation {
  readonly document: DocumentNode;
  readonly operationName: string | undefined;
  readonly variableValues: Readonly<Record<string, unknown>> | undefined;
}

/** The graphql-ws `next` message around a payload that is already JSON. */
export function nextMessage(id: string, payloadJson: string): string {
  return `{"id":${JSON.stringify(id)},"type":"next","payload":${payloadJson}}`;
}
