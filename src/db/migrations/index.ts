// Migrations are listed explicitly (not read from the folder) so that type stripping, bundling
// and the codegen introspection all see the same ordered set.
import type { Migration } from 'kysely/migration';
import * as initialSchema from './0001-initial-schema.ts';
import * as loginAttempt from './0002-login-attempt.ts';
import * as fundRequestUserId from './0003-fund-request-user-id.ts';
import * as declaredContentType from './0004-declared-content-type.ts';
import * as apiKeyChangeNotify from './0005-api-key-change-notify.ts';
import * as walletTransferSync from './0006-wallet-transfer-sync.ts';
import * as walletOperations from './0007-wallet-operations.ts';
import * as kycQuestionnaires from './0008-kyc-questionnaires.ts';
import * as fundNavAndUnits from './0009-fund-nav-and-units.ts';
import * as approvalDecidedBy from './0010-approval-decided-by.ts';
import * as ledgerJournal from './0011-ledger-journal.ts';
import * as walletHoldings from './0012-wallet-holdings.ts';
import * as walletFreezeAndWhitelistHistory from './0013-wallet-freeze-and-whitelist-history.ts';
import * as fundDealingGuard from './0014-fund-dealing-guard.ts';
import * as oneValuation from './0015-one-valuation.ts';
import * as cachedRecordsNotify from './0016-cached-records-notify.ts';
import * as transferFeeCoin from './0017-transfer-fee-coin.ts';
import * as otcTradeWallets from './0018-otc-trade-wallets.ts';
import * as custodyJournalState from './0019-custody-journal-state.ts';
import * as moneyControls from './0020-money-controls.ts';
import * as ledgerEnsureAccount from './0021-ledger-ensure-account.ts';
import * as dataLayerTableNotify from './0022-data-layer-table-notify.ts';
import * as idempotencyKeys from './0023-idempotency-keys.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-login-attempt': loginAttempt,
  '0003-fund-request-user-id': fundRequestUserId,
  '0004-declared-content-type': declaredContentType,
  '0005-api-key-change-notify': apiKeyChangeNotify,
  '0006-wallet-transfer-sync': walletTransferSync,
  '0007-wallet-operations': walletOperations,
  '0008-kyc-questionnaires': kycQuestionnaires,
  '0009-fund-nav-and-units': fundNavAndUnits,
  '0010-approval-decided-by': approvalDecidedBy,
  '0011-ledger-journal': ledgerJournal,
  '0012-wallet-holdings': walletHoldings,
  '0013-wallet-freeze-and-whitelist-history': walletFreezeAndWhitelistHistory,
  '0014-fund-dealing-guard': fundDealingGuard,
  '0015-one-valuation': oneValuation,
  '0016-cached-records-notify': cachedRecordsNotify,
  '0017-transfer-fee-coin': transferFeeCoin,
  '0018-otc-trade-wallets': otcTradeWallets,
  '0019-custody-journal-state': custodyJournalState,
  '0020-money-controls': moneyControls,
  '0021-ledger-ensure-account': ledgerEnsureAccount,
  '0022-data-layer-table-notify': dataLayerTableNotify,
  '0023-idempotency-keys': idempotencyKeys,
};
