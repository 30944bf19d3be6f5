// Network fees in the chain's coin (docs/custody.md#fees; docs/domain.md#wallets-and-custody): a
// USDC or USDT send on Ethereum pays its gas in wei of ETH, a bitcoin send in satoshi of BTC.
// `coin.network_fee_coin` marks the one coin of a network its fees are paid in (at most one per
// network); `digital_wallet_transaction.fee_coin` is the coin of `fee_base_units`, always stored
// together with it. A send that never reached the chain (rejected, failed, removed, replaced) pays
// no fee, so it stores none. Existing rows: fees of such sends are cleared, the others get the fee
// coin of their coin's network, and a fee whose network has no known fee coin is cleared too: an
// amount of an unknown coin cannot be booked, and the next sync stores it again with its coin.
import { type Kysely, sql } from 'kysely';

/** The coin each network pays its fees in, for the coins a database already lists. */
const knownFeeCoins = sql`(VALUES ('bitcoin', 'BTC'), ('ethereum', 'ETH'), ('solana', 'SOL'), ('avalanche', 'AVAX'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE coin ADD COLUMN network_fee_coin boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE UNIQUE INDEX coin_network_fee_coin_idx ON coin (network) WHERE network_fee_coin`.execute(db);
  await sql`UPDATE coin SET network_fee_coin = true
    WHERE (network, symbol) IN (SELECT * FROM ${knownFeeCoins} AS known (network, symbol))`.execute(db);
  await sql`ALTER TABLE digital_wallet_transaction ADD COLUMN fee_coin text REFERENCES coin (symbol)`.execute(db);
  await sql`UPDATE digital_wallet_transaction SET fee_base_units = NULL
    WHERE state IN ('rejected', 'failed', 'removed', 'replaced')`.execute(db);
  await sql`UPDATE digital_wallet_transaction t SET fee_coin = fee.symbol
    FROM coin c JOIN coin fee ON fee.network = c.network AND fee.network_fee_coin
    WHERE c.symbol = t.coin AND t.fee_base_units IS NOT NULL`.execute(db);
  await sql`UPDATE digital_wallet_transaction SET fee_base_units = NULL
    WHERE fee_base_units IS NOT NULL AND fee_coin IS NULL`.execute(db);
  await sql`ALTER TABLE digital_wallet_transaction
    ADD CONSTRAINT digital_wallet_transaction_fee_coin CHECK ((fee_base_units IS NULL) = (fee_coin IS NULL)),
    ADD CONSTRAINT digital_wallet_transaction_no_fee_off_chain
      CHECK (fee_base_units IS NULL OR state NOT IN ('rejected', 'failed', 'removed', 'replaced'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE digital_wallet_transaction
    DROP CONSTRAINT digital_wallet_transaction_no_fee_off_chain,
    DROP CONSTRAINT digital_wallet_transaction_fee_coin,
    DROP COLUMN fee_coin`.execute(db);
  await sql`DROP INDEX coin_network_fee_coin_idx`.execute(db);
  await sql`ALTER TABLE coin DROP COLUMN network_fee_coin`.execute(db);
}
