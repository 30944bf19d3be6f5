// What every business GraphQL resolver receives (docs/business-graphql.md#what-every-operation-keeps).
import type { Logger } from 'pino';
import type { Principal } from '../access/principal.ts';
import type { SubscriptionSink } from './subscription-sink.ts';

export type GraphqlContext = {
  readonly requestId: string;
  readonly logger: Logger;
  readonly principal: Principal;
  /** The acting user the request names (docs/identity.md#acting-user); absent: the key's owner. */
  readonly actingUser?: string;
  /** Over graphql-ws: where the subscription's messages may be written directly (subscription-sink.ts). */
  readonly subscription?: SubscriptionSink;
};
