// Serializes an order-book message as one subscription document selects it (fields, aliases,
// fragments, directives), with graphql-js executing the selection once per message and shape
// rather than once per subscriber (docs/market-data.md#fan-out). Each subscriber then only puts
// its own sequence number into the shared JSON.
import {
  type GraphQLSchema,
  type ValidatedSubscriptionArgs,
  executeSubscriptionEvent,
  validateSubscriptionArgs,
} from 'graphql';
import type { SubscriptionOperation } from '../subscription-sink.ts';
import { type OrderBookMessage, sequenceMark } from './order-book-message.ts';

/** A serialized payload still missing its sequence number. */
export interface RenderedPayload {
  withSequence(sequence: number): string;
}

export interface OrderBookRenderer {
  render(message: OrderBookMessage): RenderedPayload;
}

// In the JSON, the mark is a number value after a key (`"sequence":2147483647`, or an alias):
// the other fields are strings, enum names and lists of objects, so only sequence values match.
const markInJson = `:${sequenceMark}`;

export function createOrderBookRenderer(
  schema: GraphQLSchema,
  operation: SubscriptionOperation,
  contextValue: unknown,
): OrderBookRenderer {
  const validated = validatedArgs(schema, operation, contextValue);
  return {
    render(message) {
      // The event as graphql-js hands it to the root field: the field's value under its name.
      const result = executeSubscriptionEvent({ ...validated, rootValue: { orderBookUpdates: message } });
      // The message's fields are plain values, so execution finishes synchronously.
      if (result instanceof Promise) throw new Error('order-book messages must render synchronously');
      const parts = JSON.stringify(result).split(markInJson);
      return { withSequence: (sequence) => parts.join(`:${sequence}`) };
    },
  };
}

function validatedArgs(
  schema: GraphQLSchema,
  operation: SubscriptionOperation,
  contextValue: unknown,
): ValidatedSubscriptionArgs {
  const validated = validateSubscriptionArgs({
    schema,
    document: operation.document,
    operationName: operation.operationName,
    variableValues: operation.variableValues,
    contextValue,
  });
  // graphql-ws validated the same arguments before the subscription started.
  if (Array.isArray(validated)) throw validated[0];
  return validated as ValidatedSubscriptionArgs;
}
