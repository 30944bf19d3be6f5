// What every business GraphQL resolver receives over HTTP (GraphqlContext), from either way
// POST /graphql is served (graphql-transport.ts, graphql-fast-lane.ts).
import type { Logger } from 'pino';
import type { GraphqlContext } from './graphql-context.ts';

/**
 * The request's child logger is built on first use, as most requests never log; a class, so the
 * getter is on its prototype and not made per request.
 */
export class RequestGraphqlContext implements GraphqlContext {
  readonly requestId: string;
  readonly principal: GraphqlContext['principal'];
  readonly actingUser: string | undefined;
  readonly #parent: Logger;
  #logger: Logger | undefined;

  constructor(
    requestId: string,
    principal: GraphqlContext['principal'],
    actingUser: string | undefined,
    parent: Logger,
  ) {
    this.requestId = requestId;
    this.principal = principal;
    this.actingUser = actingUser;
    this.#parent = parent;
  }

  get logger(): Logger {
    this.#logger ??= this.#parent.child({ requestId: this.requestId });
    return this.#logger;
  }
}
