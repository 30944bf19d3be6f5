// The typed `ctx.state` of the Koa app (docs/requests.md#the-router).
import type { Principal } from '../access/principal.ts';
import type { ErrorBodyWriter } from './middleware/error-body.ts';

/** What the middleware chain leaves on `ctx.state` for later middleware. */
export interface HttpState {
  requestId: string;
  /** The matched route template (`/invoices/{invoiceId}`), or `unmatched`. */
  route: string;
  principal: Principal;
  /** Set by the router on a transport's route (POST /graphql): error answers in that transport's shape. */
  writeErrorBody?: ErrorBodyWriter;
}
