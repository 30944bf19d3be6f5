// Assembles the `Handlers` of generated/openapi/handlers.ts: real handlers for the
// implemented operations, a 501 for each one in not-implemented-operations.ts.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import { notImplemented } from '../../errors/app-error.ts';
import { type NotImplementedOperation, notImplementedOperations } from '../not-implemented-operations.ts';

/** Operations served by a transport of their own rather than a REST handler (router.ts). */
export type TransportOperation = 'postGraphql' | 'receiveKycWebhook';

export type ImplementedHandlers = Omit<Handlers, NotImplementedOperation | TransportOperation>;

export function handlerTable(implemented: ImplementedHandlers): Handlers {
  const stubs = Object.fromEntries(
    notImplementedOperations.map((id) => [
      id,
      async () => {
        throw notImplemented(id);
      },
    ]),
  ) as unknown as Pick<Handlers, NotImplementedOperation>;
  const transported: Pick<Handlers, TransportOperation> = {
    postGraphql: async () => {
      throw new Error('postGraphql is served by the GraphQL transport, not a REST handler');
    },
    receiveKycWebhook: async () => {
      throw new Error('receiveKycWebhook is served by the KYC webhook transport, not a REST handler');
    },
  };
  return { ...stubs, ...transported, ...implemented };
}
