// Who freezes a wallet when its AML screening comes back DENIED (docs/custody.md#aml-freeze): the
// platform acts on the provider's result, in the name of the person who asked for the screening,
// in whichever request stored the result (theirs, or a later one that read the running screening
// again). No API key is recorded: the freeze is not an act of the key that request carried. A
// screening asked for by no one (a report recorded before migration 0007) freezes as the platform.
import { type AuditActor, platformActor } from '../../records/audit/audit-log-table.ts';

export function amlFreezeActor(requestedBy: string | null, requestId: string): AuditActor {
  return requestedBy === null ? platformActor : { userId: requestedBy, apiKeyId: null, requestId };
}
