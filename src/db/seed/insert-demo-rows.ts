// Inserts the demo data set in foreign-key order. Callers run it inside a transaction.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';
import { demoAuditLog } from './demo-audit-log.ts';
import { demoInvoiceLines, demoInvoices, demoReceipts } from './demo-billing.ts';
import { demoCaseInvitations, demoComplianceCases, demoFileUploads, demoKycDocuments } from './demo-compliance.ts';
import { demoFundCapitalMovements, demoFundNavs } from './demo-fund-capital.ts';
import { demoFundRedemptions, demoFundSubscriptions, demoFunds } from './demo-funds.ts';
import { demoCoinPrices, demoCoins, demoTradingProducts } from './demo-market.ts';
import { demoOrganizations } from './demo-organizations.ts';
import { demoProducts } from './demo-products.ts';
import { demoSalesQuoteLines, demoSalesQuotes } from './demo-sales-quotes.ts';
import { demoOtcQuotes, demoOtcTrades } from './demo-trading.ts';
import { demoAppUsers, demoMemberships } from './demo-users.ts';
import { type DemoQuestionnaireSealer, sealedDemoKycProfiles } from './seal-demo-questionnaires.ts';
import {
  demoAmlReports,
  demoPendingApprovals,
  demoTransactions,
  demoValueHistory,
  demoWalletFreezes,
} from './demo-wallet-activity.ts';
import { demoWalletAddresses, demoWallets, demoWhitelistEntries } from './demo-wallets.ts';
import { insertDemoHoldings } from './demo-holdings.ts';
import { insertDemoTradeSettlements } from './demo-trade-settlements.ts';

/** `sealQuestionnaires`: the KYC data key's sealer; without it the profiles have no answers (seal-demo-questionnaires.ts). */
export async function insertDemoRows(
  db: Kysely<Database>,
  sealQuestionnaires?: DemoQuestionnaireSealer,
): Promise<void> {
  await db.insertInto('organization').values(demoOrganizations).execute();
  await db.insertInto('app_user').values(demoAppUsers).execute();
  await db.insertInto('organization_membership').values(demoMemberships).execute();

  await db.insertInto('coin').values(demoCoins).execute();
  await db.insertInto('coin_price').values(demoCoinPrices).execute();
  await db.insertInto('trading_product').values(demoTradingProducts).execute();

  await db.insertInto('digital_wallet').values(demoWallets).execute();
  await insertDemoHoldings(db);
  await db.insertInto('digital_wallet_address').values(demoWalletAddresses).execute();
  await db.insertInto('digital_wallet_whitelist_entry').values(demoWhitelistEntries).execute();
  await db.insertInto('digital_wallet_transaction').values(demoTransactions).execute();
  await db.insertInto('digital_wallet_pending_approval').values(demoPendingApprovals).execute();
  await db.insertInto('digital_wallet_value_history').values(demoValueHistory).execute();
  await db.insertInto('aml_report').values(demoAmlReports).execute();
  await db.insertInto('digital_wallet_freeze').values(demoWalletFreezes).execute();

  await db.insertInto('otc_quote').values(demoOtcQuotes).execute();
  await db.insertInto('otc_trade').values(demoOtcTrades).execute();
  await insertDemoTradeSettlements(db);

  await db.insertInto('fund').values(demoFunds).execute();
  // Processed requests come before the register rows that deal them (those reference the
  // requests): the dealing guard of migration 0014 checks them at the seed's commit instead.
  await sql`SET CONSTRAINTS fund_subscription_dealt, fund_redemption_dealt DEFERRED`.execute(db);
  await db.insertInto('fund_subscription').values(demoFundSubscriptions).execute();
  await db.insertInto('fund_redemption').values(demoFundRedemptions).execute();
  await db.insertInto('fund_nav').values(demoFundNavs).execute();
  await db.insertInto('fund_capital_movement').values(demoFundCapitalMovements).execute();

  await db.insertInto('product').values(demoProducts).execute();
  await db.insertInto('invoice').values(demoInvoices).execute();
  await db.insertInto('invoice_line').values(demoInvoiceLines).execute();
  await db.insertInto('receipt').values(demoReceipts).execute();
  await db.insertInto('quote').values(demoSalesQuotes).execute();
  await db.insertInto('quote_line').values(demoSalesQuoteLines).execute();

  await db.insertInto('compliance_case').values(demoComplianceCases).execute();
  await db.insertInto('case_invitation').values(demoCaseInvitations).execute();
  await db.insertInto('file_upload').values(demoFileUploads).execute();
  await db.insertInto('kyc_profile').values(sealedDemoKycProfiles(sealQuestionnaires)).execute();
  await db.insertInto('kyc_document').values(demoKycDocuments).execute();

  await db.insertInto('audit_log').values(demoAuditLog).execute();
}
