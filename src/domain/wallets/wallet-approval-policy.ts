// The custodian's approval policy of a wallet the platform holds (docs/custody.md#approval-policy-of-new-wallets):
// a CUSTODIAL wallet's sends and whitelist changes wait for `CUSTODY_APPROVALS_REQUIRED` approvals by
// users other than the requester (one by default), because the custodian alone holds its keys; a HOT
// or SMART wallet needs none at the custodian, since its client co-signs every send. Wallets created
// through the API and wallets the simulator adopts at start follow the same rule.
import type { CustodyWalletType } from '../../providers/custody/custody-provider.ts';

export function approvalsRequiredFor(type: CustodyWalletType, custodialApprovalsRequired: number): number {
  return type === 'custodial' ? custodialApprovalsRequired : 0;
}
