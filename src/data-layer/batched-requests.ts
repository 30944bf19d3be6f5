// Batched requests on POST /v1/graphql (docs/data-layer.md#batched-requests): a JSON array of
// `{query, variables, operationName}` is answered by a JSON array, element i the answer to
// request i in the shape it would have alone (`{"data":…}` or `{"errors":[…]}`). As Hasura does,
// the elements run one after the other, in order, each on its own: a mutation element is its own
// transaction, a later element sees what an earlier one wrote, and an element's error (GraphQL,
// permission, session variable, database) stays in its element while the others run. What is
// wrong with the body itself (not JSON, too large, an element without `query`, more than
// maxBatchLength elements) refuses the whole request with its HTTP status before anything runs.
import type { Logger } from 'pino';
import { toAppError } from '../errors/app-error.ts';
import type { DataCaller } from './auth/data-caller.ts';
import { DataLayerError, DataLayerErrors, errorEntry, errorsBody } from './data-layer-error.ts';
import type { DataRequest } from './data-request.ts';
import type { DataRequestExecutor } from './request/execute-data-request.ts';

/** The most requests one batch may hold: each is a whole request's work (and is rate-limited as one). */
export const maxBatchLength = 20;

/** The elements of a batch body, each read by `element` (which throws its 400 at `$[i]`). */
export function batchRequests(
  body: readonly unknown[],
  element: (value: unknown, path: string) => DataRequest,
): DataRequest[] {
  if (body.length > maxBatchLength)
    throw new DataLayerError(
      'BAD_REQUEST',
      `a batch holds at most ${maxBatchLength} requests, this one ${body.length}; send several batches`,
    );
  return body.map((value, index) => element(value, `$[${index}]`));
}

/** Runs the batch's requests in order and splices their answers into one JSON array. */
export async function executeBatch(
  caller: DataCaller,
  requests: readonly DataRequest[],
  execute: DataRequestExecutor,
  log: { logger: Logger; requestId: string },
): Promise<string> {
  const answers: string[] = [];
  for (const request of requests) {
    answers.push(await execute(caller, request).catch((error: unknown) => elementError(error, log)));
  }
  return `[${answers.join(',')}]`;
}

/** An element's error as its own `{"errors":[…]}`; a bug is logged and masked as a single request's is. */
function elementError(error: unknown, log: { logger: Logger; requestId: string }): string {
  if (error instanceof DataLayerErrors) return errorsBody(error.entries);
  if (toAppError(error).code === 'INTERNAL')
    log.logger.error({ err: error, requestId: log.requestId }, 'data layer request failed');
  return errorsBody([errorEntry(error)]);
}
