// One renderer per subscription shape (document, operation name and variables), shared by every
// subscription of that shape, so the fan-out renders each event once per shape
// (order-book-fanout.ts). Keyed weakly by the parsed document, which the document cache shares
// between subscriptions with the same query text.
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { SubscriptionOperation } from '../subscription-sink.ts';
import { type OrderBookRenderer, createOrderBookRenderer } from './order-book-renderer.ts';

export interface OrderBookRenderers {
  of(schema: GraphQLSchema, operation: SubscriptionOperation, contextValue: unknown): OrderBookRenderer;
}

const maxShapesPerDocument = 64;

export function createOrderBookRenderers(): OrderBookRenderers {
  const byDocument = new WeakMap<DocumentNode, Map<string, OrderBookRenderer>>();
  return {
    of(schema, operation, contextValue) {
      let shapes = byDocument.get(operation.document);
      if (!shapes) {
        shapes = new Map();
        byDocument.set(operation.document, shapes);
      }
      const key = `${operation.operationName ?? ''}\u0000${JSON.stringify(operation.variableValues ?? {})}`;
      let renderer = shapes.get(key);
      if (!renderer) {
        renderer = createOrderBookRenderer(schema, operation, contextValue);
        // Variables differ per client (often only the product list): keep the newest shapes only.
        // A dropped shape's subscriptions keep their renderer; a new one just renders apart.
        if (shapes.size >= maxShapesPerDocument) shapes.delete(shapes.keys().next().value as string);
        shapes.set(key, renderer);
      }
      return renderer;
    },
  };
}
