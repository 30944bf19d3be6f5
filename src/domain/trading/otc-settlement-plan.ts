// The journal legs of a trade's settlement (docs/trading.md#settlement; docs/ledger.md#accounts):
// `:leg1` moves what the client pays from its wallet (or, off the platform, from the outside world)
// into the desk's account of that currency, `:leg2` what it receives from the desk's account into
// its wallet (or out to the world). The desk's accounts (`otc_desk`, one per asset) may go
// negative: they are the desk's position, and keep the fee. Amounts are the legs' rounded figures
// in exact base units of their currency.
import type { LedgerAccountKey } from '../../records/ledger/ledger-account-key.ts';
import type { SettlementLeg, SettlementLegs } from '../../records/trading/otc-trade-execution.ts';
import { wholeToBaseUnits } from '../money/base-units.ts';
import type { TradeLeg, TradeLegs } from './otc-trade-legs.ts';
import type { SettlementWallets } from './otc-settlement-wallets.ts';

/** The client's side of a leg: its wallet's account of the currency, or the outside world's. */
function clientAccount(leg: TradeLeg, walletId: number | null): LedgerAccountKey {
  return walletId === null ? { kind: 'world', asset: leg.currency } : { kind: 'wallet', walletId, asset: leg.currency };
}

function baseUnits(leg: TradeLeg): bigint {
  const { decimals } = leg.settles;
  const units = decimals === null ? null : wholeToBaseUnits(leg.amount, decimals);
  // The legs are rounded to their currency's unit before they get here (otc-trade-legs.ts).
  if (units === null) throw new Error(`${leg.amount} ${leg.currency} is not a whole number of base units`);
  return BigInt(units);
}

function settlementLeg(leg: TradeLeg, debit: LedgerAccountKey, credit: LedgerAccountKey): SettlementLeg {
  return { debit, credit, asset: leg.currency, amount: baseUnits(leg), wholeAmount: leg.amount };
}

export function settlementLegs(legs: TradeLegs, wallets: SettlementWallets): SettlementLegs {
  const desk = (leg: TradeLeg): LedgerAccountKey => ({ kind: 'otc_desk', asset: leg.currency });
  return [
    settlementLeg(legs.from, clientAccount(legs.from, wallets.fromWalletId), desk(legs.from)),
    settlementLeg(legs.to, desk(legs.to), clientAccount(legs.to, wallets.toWalletId)),
  ];
}
