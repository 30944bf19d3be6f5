// What a handler may know about its request besides the validated input: transport-neutral,
// so handlers stay thin and testable without Koa.
import type { Logger } from 'pino';
import type { Principal } from '../access/principal.ts';

export interface RequestContext {
  readonly requestId: string;
  readonly logger: Logger;
  readonly principal: Principal;
  /** The raw request for the few handlers that stream (uploads, file downloads). */
  readonly raw: {
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
    readonly ip: string;
    /** The query string as received (without `?`), for handlers that must see every parameter. */
    readonly querystring: string;
    cookie(name: string): string | undefined;
  };
}
