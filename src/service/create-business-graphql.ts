// The business GraphQL API on the main port: POST /graphql through graphql-http and the
// graphql-ws subscriptions on the same path, sharing one cache of parsed documents
// (docs/architecture.md, Requests), over the schema of schema.graphql with its resolvers
// given the domain services they use.
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { CredentialResolver } from '../domain/identity/credential-resolver.ts';
import { createBusinessSchema } from '../graphql/business-schema.ts';
import type { BusinessServices } from '../graphql/business-services.ts';
import { createDocumentCache } from '../graphql/document-cache.ts';
import { graphqlTransport } from '../graphql/graphql-transport.ts';
import { startSubscriptionServer } from '../graphql/subscription-server.ts';
import type { Metrics } from '../observability/metrics.ts';

export function createBusinessGraphql(deps: {
  services: BusinessServices;
  server: Server;
  credentials: CredentialResolver;
  logger: Logger;
  metrics: Metrics;
}) {
  const { logger } = deps;
  const schema = createBusinessSchema({ services: deps.services });
  const documents = createDocumentCache({ observer: deps.metrics.cache('graphql_documents') });
  const subscriptions = startSubscriptionServer({
    server: deps.server,
    schema,
    documents,
    logger,
    authenticateApiKey: (key) => deps.credentials.fromApiKey(key).catch(() => null),
  });
  return {
    transports: { postGraphql: graphqlTransport(schema, documents, logger, deps.metrics.graphqlOperation) },
    drainers: [(deadline: AbortSignal) => subscriptions.drain(deadline)],
  };
}
