// What happened in the demo wallets: transfers in every custodian state, approvals, 30 days of
// value history and AML screenings (docs/domain.md#wallets-and-custody).
import type { Insertable } from 'kysely';
import type {
  AmlReportTable,
  DigitalWalletPendingApprovalTable,
  DigitalWalletTransactionTable,
  DigitalWalletValueHistoryTable,
} from '../../../generated/database/database.ts';
import { demoTime } from './demo-clock.ts';
import { multiply, toBaseUnits } from './demo-decimal.ts';
import { demoAddress, demoHex, demoTxHash } from './demo-fake-values.ts';
import { demoUuid } from './demo-ids.ts';
import { type DemoSymbol, demoCoins, demoUsdPrices } from './demo-market.ts';
import { demoNetworkOf, demoWalletIds, demoWalletUsdValue, demoWallets, demoWhitelistEntries } from './demo-wallets.ts';

const w = demoWalletIds;

type TransferState =
  | 'initialized'
  | 'pendingApproval'
  | 'rejected'
  | 'signed'
  | 'unconfirmed'
  | 'confirmed'
  | 'failed'
  | 'removed'
  | 'replaced';

/** States in which the transfer has not been signed, so it has no chain transaction yet. */
const unsignedStates: readonly TransferState[] = ['initialized', 'pendingApproval', 'rejected'];

interface TransferSpec {
  id: number;
  walletId: number;
  direction: 'send' | 'receive';
  coin: DemoSymbol;
  amount: string;
  state: TransferState;
  at: Date;
  counterparty?: string;
}

function transfer(spec: TransferSpec): Insertable<DigitalWalletTransactionTable> {
  const network = demoNetworkOf(spec.coin);
  const decimals = demoCoins.find((coin) => coin.symbol === spec.coin)?.decimals ?? 0;
  return {
    id: spec.id,
    wallet_id: spec.walletId,
    transfer_id: demoHex(`transfer-${spec.id}`, 24),
    tx_hash: unsignedStates.includes(spec.state) ? null : demoTxHash(network, `tx-${spec.id}`),
    direction: spec.direction,
    coin: spec.coin,
    amount_base_units: toBaseUnits(spec.amount, decimals),
    usd_value: multiply([spec.amount, demoUsdPrices[spec.coin]], 2),
    state: spec.state,
    counterparty_address: spec.counterparty ?? demoAddress(network, `counterparty-${spec.id}`),
    created_at: spec.at,
    confirmed_at: spec.state === 'confirmed' ? new Date(spec.at.getTime() + 45 * 60_000) : null,
    // The demo balances are opening deposits that already count every confirmed transfer (docs/ledger.md#wallet-holdings).
    in_opening_balance: spec.state === 'confirmed',
  };
}

const coldStorage = demoWhitelistEntries[0]?.address as string;

export const demoTransactions: Insertable<DigitalWalletTransactionTable>[] = [
  transfer({
    id: 1,
    walletId: w.auroraBtcCustody,
    direction: 'receive',
    coin: 'BTC',
    amount: '10',
    state: 'confirmed',
    at: demoTime(-25, 9),
  }),
  transfer({
    id: 2,
    walletId: w.auroraBtcCustody,
    direction: 'send',
    coin: 'BTC',
    amount: '1.5',
    state: 'confirmed',
    at: demoTime(-10, 14),
    counterparty: coldStorage,
  }),
  transfer({
    id: 3,
    walletId: w.auroraBtcCustody,
    direction: 'send',
    coin: 'BTC',
    amount: '2',
    state: 'pendingApproval',
    at: demoTime(-1, 16),
    counterparty: coldStorage,
  }),
  transfer({
    id: 4,
    walletId: w.auroraEthTreasury,
    direction: 'receive',
    coin: 'ETH',
    amount: '50',
    state: 'confirmed',
    at: demoTime(-20, 11),
  }),
  transfer({
    id: 5,
    walletId: w.auroraEthTreasury,
    direction: 'send',
    coin: 'USDC',
    amount: '250000',
    state: 'signed',
    at: demoTime(0, -3),
  }),
  transfer({
    id: 6,
    walletId: w.auroraEthTreasury,
    direction: 'send',
    coin: 'ETH',
    amount: '5',
    state: 'unconfirmed',
    at: demoTime(0, -1),
  }),
  transfer({
    id: 7,
    walletId: w.auroraEthTreasury,
    direction: 'send',
    coin: 'USDT',
    amount: '100000',
    state: 'rejected',
    at: demoTime(-5, 10),
  }),
  transfer({
    id: 8,
    walletId: w.auroraSmart,
    direction: 'receive',
    coin: 'USDC',
    amount: '85000',
    state: 'confirmed',
    at: demoTime(-30, 8),
  }),
  transfer({
    id: 9,
    walletId: w.auroraAvaxLegacy,
    direction: 'receive',
    coin: 'AVAX',
    amount: '5200',
    state: 'confirmed',
    at: demoTime(-200, 12),
  }),
  transfer({
    id: 10,
    walletId: w.meridianBtcOperating,
    direction: 'receive',
    coin: 'BTC',
    amount: '3',
    state: 'confirmed',
    at: demoTime(-18, 13),
  }),
  transfer({
    id: 11,
    walletId: w.meridianBtcOperating,
    direction: 'send',
    coin: 'BTC',
    amount: '0.25',
    state: 'failed',
    at: demoTime(-7, 15),
  }),
  transfer({
    id: 12,
    walletId: w.meridianSolTrading,
    direction: 'receive',
    coin: 'SOL',
    amount: '5000',
    state: 'confirmed',
    at: demoTime(-12, 10),
  }),
  transfer({
    id: 13,
    walletId: w.meridianSolTrading,
    direction: 'send',
    coin: 'SOL',
    amount: '200',
    state: 'replaced',
    at: demoTime(-6, 9),
  }),
  transfer({
    id: 14,
    walletId: w.meridianSolTrading,
    direction: 'send',
    coin: 'SOL',
    amount: '150',
    state: 'removed',
    at: demoTime(-4, 17),
  }),
  transfer({
    id: 15,
    walletId: w.meridianSmartTreasury,
    direction: 'send',
    coin: 'ETH',
    amount: '2',
    state: 'initialized',
    at: demoTime(0, 0, -30),
  }),
  transfer({
    id: 16,
    walletId: w.northbridgeFundCustody,
    direction: 'receive',
    coin: 'BTC',
    amount: '120.5',
    state: 'confirmed',
    at: demoTime(-650, 10),
  }),
];

/** The id of the pending approval on the Aurora BTC custody wallet (32 lowercase hex, like the custodian's). */
export const DEMO_PENDING_APPROVAL_ID = demoHex('pending-approval-1', 32);

export const demoPendingApprovals: Insertable<DigitalWalletPendingApprovalTable>[] = [
  {
    id: DEMO_PENDING_APPROVAL_ID,
    wallet_id: w.auroraBtcCustody,
    transaction_id: 3,
    created_by: 'demo-bob',
    state: 'pending',
    approvals_required: 1,
    approvals_received: 0,
    created_at: demoTime(-1, 16),
    resolved_at: null,
  },
  {
    id: demoHex('pending-approval-2', 32),
    wallet_id: w.auroraEthTreasury,
    transaction_id: 5,
    created_by: 'demo-bob',
    state: 'approved',
    approvals_required: 1,
    approvals_received: 1,
    created_at: demoTime(0, -4),
    resolved_at: demoTime(0, -3),
  },
  {
    id: demoHex('pending-approval-3', 32),
    wallet_id: w.auroraEthTreasury,
    transaction_id: 7,
    created_by: 'demo-bob',
    state: 'rejected',
    approvals_required: 2,
    approvals_received: 0,
    created_at: demoTime(-5, 10),
    resolved_at: demoTime(-5, 15),
  },
];

/**
 * 30 daily values per wallet ending at the base date with the wallet's current value: a gentle
 * upward drift with a small deterministic wobble (integer arithmetic, so every run is identical).
 */
function valueHistory(walletId: number, currentUsdValue: string): Insertable<DigitalWalletValueHistoryTable>[] {
  const currentCents = BigInt(currentUsdValue.replace('.', ''));
  return Array.from({ length: 30 }, (_, index) => {
    const daysAgo = 29 - index;
    const wobble = daysAgo === 0 ? 0 : ((daysAgo * 7 + walletId * 3) % 9) - 4;
    const perTenThousand = BigInt(10_000 - daysAgo * 25 + wobble * 30);
    const cents = (currentCents * perTenThousand + 5_000n) / 10_000n;
    return {
      wallet_id: walletId,
      recorded_at: demoTime(-daysAgo),
      usd_value: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
    };
  });
}

export const demoValueHistory: Insertable<DigitalWalletValueHistoryTable>[] = demoWallets.flatMap((wallet) =>
  valueHistory(wallet.id as number, wallet.usd_value as string),
);

type RiskLevel = 'Low' | 'Medium' | 'High' | 'Severe';

interface ExposureSpec {
  /** The AML provider's category names (docs/providers.md#aml-screening). */
  category: string;
  percent: number;
  riskLevel: RiskLevel;
  /** Default direct. */
  exposureType?: 'direct' | 'indirect';
}

interface ScreeningSpec {
  n: number;
  walletId: number;
  riskLevel: RiskLevel;
  riskScore: string;
  status: 'pending' | 'approved' | 'denied' | 'auto-approved';
  requestedBy: string;
  daysAgo: number;
  exposures: ExposureSpec[];
}

/**
 * Exposures as the AML provider reports them (src/providers/aml/aml-provider.ts `AmlExposure`),
 * the shape the business API reads back: the screened volume is the wallet's USD value, so each
 * exposure's value is its share of it, to the cent.
 */
function storedExposures(walletId: number, exposures: readonly ExposureSpec[]): string {
  const volume = demoWalletUsdValue(walletId);
  return JSON.stringify(
    exposures.map((exposure) => ({
      category: exposure.category,
      exposureType: exposure.exposureType ?? 'direct',
      usdValue: multiply([volume, String(exposure.percent), '0.01'], 2),
      sharePerc: exposure.percent,
      riskLevel: exposure.riskLevel,
    })),
  );
}

function screening(spec: ScreeningSpec): Insertable<AmlReportTable> {
  return {
    id: demoUuid('amlReport', spec.n),
    wallet_id: spec.walletId,
    provider: 'aml-simulator',
    risk_level: spec.riskLevel,
    risk_score: spec.riskScore,
    screening_status: spec.status,
    exposures: storedExposures(spec.walletId, spec.exposures),
    requested_by: spec.requestedBy,
    created_at: demoTime(-spec.daysAgo, 8),
  };
}

export const demoAmlReports: Insertable<AmlReportTable>[] = [
  screening({
    n: 1,
    walletId: w.auroraBtcCustody,
    riskLevel: 'Low',
    riskScore: '1.20',
    status: 'approved',
    requestedBy: 'demo-frank',
    daysAgo: 30,
    exposures: [
      { category: 'exchange', percent: 71.5, riskLevel: 'Low' },
      { category: 'custodian', percent: 28.5, riskLevel: 'Low' },
    ],
  }),
  screening({
    n: 2,
    walletId: w.auroraEthTreasury,
    riskLevel: 'Low',
    riskScore: '0.80',
    status: 'auto-approved',
    requestedBy: 'demo-frank',
    daysAgo: 14,
    exposures: [
      { category: 'exchange', percent: 64, riskLevel: 'Low' },
      { category: 'defi', percent: 36, riskLevel: 'Low' },
    ],
  }),
  screening({
    n: 3,
    walletId: w.auroraAvaxLegacy,
    riskLevel: 'Severe',
    riskScore: '9.10',
    status: 'denied',
    requestedBy: 'demo-rupert',
    daysAgo: 45,
    exposures: [
      { category: 'sanctions', percent: 12.5, riskLevel: 'Severe', exposureType: 'indirect' },
      { category: 'mixing', percent: 20, riskLevel: 'High' },
      { category: 'exchange', percent: 67.5, riskLevel: 'Low' },
    ],
  }),
  screening({
    n: 4,
    walletId: w.meridianBtcOperating,
    riskLevel: 'Low',
    riskScore: '0.50',
    status: 'auto-approved',
    requestedBy: 'demo-grace',
    daysAgo: 20,
    exposures: [{ category: 'exchange', percent: 100, riskLevel: 'Low' }],
  }),
  screening({
    n: 5,
    walletId: w.meridianSolTrading,
    riskLevel: 'Medium',
    riskScore: '4.50',
    status: 'approved',
    requestedBy: 'demo-rupert',
    daysAgo: 10,
    exposures: [
      { category: 'exchange', percent: 55, riskLevel: 'Low' },
      { category: 'gambling', percent: 5, riskLevel: 'Medium' },
      { category: 'defi', percent: 40, riskLevel: 'Low' },
    ],
  }),
  screening({
    n: 6,
    walletId: w.meridianSmartTreasury,
    riskLevel: 'High',
    riskScore: '6.80',
    status: 'pending',
    requestedBy: 'demo-grace',
    daysAgo: 1,
    exposures: [
      { category: 'high risk exchange', percent: 32, riskLevel: 'High', exposureType: 'indirect' },
      { category: 'exchange', percent: 68, riskLevel: 'Low' },
    ],
  }),
  screening({
    n: 7,
    walletId: w.northbridgeFundCustody,
    riskLevel: 'Low',
    riskScore: '0.30',
    status: 'approved',
    requestedBy: 'demo-olivia',
    daysAgo: 60,
    exposures: [{ category: 'custodian', percent: 100, riskLevel: 'Low' }],
  }),
];
