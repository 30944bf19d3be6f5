// What the money property test checks after every step (docs/ledger.md#how-it-is-tested): the
// journal balances (each transfer one positive amount of one asset between two accounts of it,
// every asset summing to zero); each custody wallet's journal equals the custodian simulator's
// books exactly (trades included: the desk delivers them there), and each trading wallet its
// funding plus its trades; every view of the business API (the wallet summary and detail, `digitalAssetsBy*`,
// net worth) shows the journal's figures, read from the ledger's accounts in SQL; the data layer's
// sums equal the business API's; the fund capital account holds its register's value.
import * as assert from 'uvu/assert';
import { asRole, dataOf, postGraphql } from '../../data-layer/data-layer-client.ts';
import { expectData } from '../../support/graphql-answer.ts';
import { assertJournalBalanced } from '../../support/journal-balance.ts';
import { assertCapitalAgrees } from './money-dealing-steps.ts';
import { baseUnits, type Figures, holderJournal, journalNetWorthCents, walletAccounts } from './money-journal.ts';
import {
  aurora,
  custodyIndexes,
  heldCoins,
  type MoneyWorld,
  type Sequence,
  tradedKey,
  tradingFunds,
  walletOwner,
} from './money-world.ts';

type Asset = { symbol: string; balance: string; availableBalance: string };
type Accounts = Map<string, Figures & { decimals: number }>;

const assetFields = 'symbol balance availableBalance';

/** Each transfer moves one positive amount of one asset from one account of it to another. */
async function assertTransfersWellFormed(world: MoneyWorld): Promise<void> {
  const malformed = await world.api.rows(
    `SELECT t.id FROM ledger_transfer t JOIN ledger_account d ON d.id = t.debit_account_id
       JOIN ledger_account c ON c.id = t.credit_account_id
     WHERE d.asset <> t.asset OR c.asset <> t.asset OR t.amount <= 0 OR d.id = c.id`,
  );
  assert.equal(malformed, [], 'every transfer balances: one amount, one asset, two accounts');
}

/** Custody wallets: journal = custodian (confirmed, spendable), trades included; trading wallets: funding + trades. */
async function assertBooks(world: MoneyWorld, sequence: Sequence, accounts: Accounts): Promise<void> {
  for (const index of custodyIndexes) {
    const walletId = sequence.ids[index]!;
    const balances = await world.custody.client.getWalletBalances(
      heldCoins[index][0].toLowerCase(),
      sequence.custodianIds[index]!,
    );
    for (const coin of heldCoins[index]) {
      const custodian = balances.balances.find((balance) => balance.coin === coin.toLowerCase());
      const journal = accounts.get(`${walletId}:${coin}`) ?? { posted: 0n, available: 0n };
      assert.equal(
        [journal.posted, journal.available],
        [BigInt(custodian?.confirmedBalance ?? 0), BigInt(custodian?.spendableBalance ?? 0)],
        `wallet ${index} ${coin}: journal [posted, available] = custodian [confirmed, spendable]`,
      );
    }
  }
  for (const coin of ['BTC', 'ETH'] as const) {
    const walletId = sequence.trading[coin];
    const expected = tradingFunds[coin] + (sequence.traded.get(tradedKey(walletId, coin)) ?? 0n);
    const journal = accounts.get(`${walletId}:${coin}`);
    assert.equal([journal?.posted, journal?.available], [expected, expected], `trading ${coin}: funding + trades`);
  }
}

/** The assets a view shows equal the journal's, coin by coin; a coin missing on one side counts 0 there. */
function assertAssets(what: string, shown: Asset[], journal: Map<string, Figures & { decimals: number }>): void {
  const symbols = new Set([...shown.map((asset) => asset.symbol), ...journal.keys()]);
  for (const symbol of symbols) {
    const figures = journal.get(symbol);
    const asset = shown.find((candidate) => candidate.symbol === symbol);
    const decimals = figures?.decimals ?? 18;
    assert.equal(
      [baseUnits(asset?.balance ?? '0', decimals), baseUnits(asset?.availableBalance ?? '0', decimals)],
      [figures?.posted ?? 0n, figures?.available ?? 0n],
      `${what} ${symbol}: [balance, availableBalance] = journal [posted, available]`,
    );
  }
}

/** One wallet's accounts, by coin. */
function accountsOf(accounts: Accounts, walletId: number): Accounts {
  const prefix = `${walletId}:`;
  return new Map(
    [...accounts].filter(([key]) => key.startsWith(prefix)).map(([key, v]) => [key.slice(prefix.length), v]),
  );
}

async function assertWalletViews(world: MoneyWorld, walletIds: number[], accounts: Accounts): Promise<void> {
  for (const id of walletIds) {
    const data = expectData(
      await world.api.graphql(
        `query ($id: Int!) { digitalWalletSummaryById(id: $id) { assets { ${assetFields} } }
          digitalWalletDetailById(id: $id) { assets { ${assetFields} } } }`,
        { id },
        { key: world.keys.alice },
      ),
    );
    assertAssets(`wallet ${id} summary`, data.digitalWalletSummaryById.assets, accountsOf(accounts, id));
    assertAssets(`wallet ${id} detail`, data.digitalWalletDetailById.assets, accountsOf(accounts, id));
  }
}

/** `digitalAssetsBy*` and net worth against the journal; the data layer's sums against them. */
async function assertHolderViews(world: MoneyWorld): Promise<void> {
  const data = expectData(
    await world.api.graphql(
      `query ($org: UUID!, $user: String!) {
        byOrganization: digitalAssetsByOrganizationId(organizationId: $org, limit: 200) { items { ${assetFields} } }
        byUser: digitalAssetsByUserId(userId: $user, limit: 200) { items { ${assetFields} } }
        netWorthUsdByOrganizationId(organizationId: $org) { usdValue }
      }`,
      { org: aurora, user: walletOwner },
      { key: world.keys.alice },
    ),
  );
  const organization = await holderJournal(world.api, aurora);
  assertAssets('digitalAssetsByOrganizationId', data.byOrganization.items, organization);
  assertAssets('digitalAssetsByUserId', data.byUser.items, await holderJournal(world.api, aurora, walletOwner));
  const netWorth = data.netWorthUsdByOrganizationId.usdValue as string;
  assert.is(baseUnits(netWorth, 2), await journalNetWorthCents(world.api, aurora), 'net worth = Σ journal × price');
  await assertDataLayerSums(world, data.byOrganization.items, netWorth);
}

/** The holdings the business API counts: of wallets that are not archived (docs/valuation.md#one-valuation). */
const held = `wallet: { organization_id: { _eq: "${aurora}" }, status: { _neq: "archived" } }`;

/** The data layer's aggregates over the organization's holdings (the admin secret: filtering on a wallet's status). */
async function assertDataLayerSums(world: MoneyWorld, assets: Asset[], netWorth: string): Promise<void> {
  const perSymbol = assets
    .map(
      (asset, n) => `s${n}: digital_wallet_asset_aggregate(where: { symbol: { _eq: "${asset.symbol}" }, ${held} }) {
        aggregate { sum { balance available_balance } } }`,
    )
    .join('\n');
  const data = dataOf(
    await postGraphql(
      world.api.service,
      `{ all: digital_wallet_asset_aggregate(where: { ${held} }) { aggregate { sum { usd_value } } }\n${perSymbol} }`,
      { headers: asRole(null) },
    ),
  );
  assert.is(
    baseUnits(data.all.aggregate.sum.usd_value, 2),
    baseUnits(netWorth, 2),
    'data layer Σ usd_value = net worth',
  );
  assets.forEach((asset, n) => {
    const sum = data[`s${n}`].aggregate.sum;
    assert.equal(
      [baseUnits(sum.balance, 18), baseUnits(sum.available_balance, 18)],
      [baseUnits(asset.balance, 18), baseUnits(asset.availableBalance, 18)],
      `data layer Σ ${asset.symbol} = digitalAssetsByOrganizationId`,
    );
  });
}

export async function assertAgreement(world: MoneyWorld, sequence: Sequence): Promise<void> {
  await assertJournalBalanced(world.api);
  await assertTransfersWellFormed(world);
  const walletIds = [...sequence.ids, sequence.trading.BTC, sequence.trading.ETH];
  const accounts = await walletAccounts(world.api, walletIds);
  await assertBooks(world, sequence, accounts);
  await assertWalletViews(world, walletIds, accounts);
  await assertHolderViews(world);
  await assertCapitalAgrees(world);
}
