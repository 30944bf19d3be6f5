// The endpoint's own liveness check (schema.graphql Query.ping), the GraphQL counterpart of
// src/http/handlers/health-handlers.ts.
import type { ImplementedResolvers } from '../implemented-resolvers.ts';

type HealthResolvers = { Query: Pick<ImplementedResolvers['Query'], 'ping'> };

export function healthResolvers(): HealthResolvers {
  return { Query: { ping: () => 'pong' } };
}
