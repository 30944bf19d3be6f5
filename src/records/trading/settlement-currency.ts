// What a currency of an OTC quote settles as (docs/trading.md#settlement), as SQL over a column
// naming it: its decimals, the journal asset's (ledger_asset: USD has 2) or, for a coin no account
// has held yet, the coin's (coin.decimals, which a coin's ledger asset always repeats); and whether
// it is a coin, which a wallet holds on the platform, rather than a currency that settles outside it.
import { sql, type RawBuilder } from 'kysely';

/** The decimals of the currency `column` names; null for a currency neither the journal nor `coin` knows. */
export function currencyDecimals(column: string): RawBuilder<number | null> {
  const code = sql.ref(column);
  return sql<number | null>`coalesce((SELECT la.decimals FROM ledger_asset la WHERE la.code = ${code}),
    (SELECT cd.decimals FROM coin cd WHERE cd.symbol = ${code}))`;
}

/** Whether the currency `column` names is a coin of the `coin` table. */
export function currencyIsCoin(column: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM coin cc WHERE cc.symbol = ${sql.ref(column)})`;
}
