// The money property test's freezes (docs/custody.md#aml-freeze): wallet 0's custodian id is one the
// AML simulator denies, so screening it, letting the review finish and screening again stores the
// denial and freezes the wallet, which then refuses a send (WALLET_FROZEN); unfreezeDigitalWallet
// by the platform administrator makes it ACTIVE again, and is INVALID_STATE for one not frozen.
import * as assert from 'uvu/assert';
import { expectData } from '../../support/graphql-answer.ts';
import { btcDestination, custodyMutation } from './custody-fixtures.ts';
import type { MoneyWorld, Sequence } from './money-world.ts';

const screenWallet = `mutation ($input: RunDigitalWalletAmlReportInput!) {
  runDigitalWalletAmlReport(input: $input) { success errors { code message field } report { id status } }
}`;
const unfreezeWallet = `mutation ($input: UnfreezeDigitalWalletInput!) {
  unfreezeDigitalWallet(input: $input) { success errors { code message field } wallet { id status } }
}`;

/** Longer than the simulator takes to review a screening that is not Low. */
const reviewTime = 10 * 60_000;

async function screen(world: MoneyWorld, walletId: number): Promise<void> {
  const answer = expectData(await world.api.graphql(screenWallet, { input: { walletId } }, { key: world.keys.frank }));
  assert.ok(answer.runDigitalWalletAmlReport.success, JSON.stringify(answer));
}

async function statusOf(world: MoneyWorld, walletId: number): Promise<string> {
  const [row] = await world.api.rows('SELECT status FROM digital_wallet WHERE id = $1', [walletId]);
  return row.status;
}

export async function freeze(world: MoneyWorld, sequence: Sequence): Promise<void> {
  const walletId = sequence.ids[0]!;
  await screen(world, walletId);
  world.amlClock.advance(reviewTime);
  await screen(world, walletId);
  assert.is(await statusOf(world, walletId), 'frozen', 'a denied screening freezes the wallet');
  sequence.frozen = true;
  // At once, whatever the sequence does next: the wallet sends nothing.
  const refused = await custodyMutation(world.api, 'send', world.keys.alice, {
    walletId,
    address: btcDestination,
    amount: '1000',
  });
  assert.equal(
    refused.errors.map((error: any) => error.code),
    ['WALLET_FROZEN'],
  );
}

/** Unfreezes wallet 0; what came of it (`ACTIVE`, or `INVALID_STATE` for a wallet not frozen). */
export async function unfreeze(world: MoneyWorld, sequence: Sequence): Promise<string> {
  const walletId = sequence.ids[0]!;
  const answer = expectData(
    await world.api.graphql(
      unfreezeWallet,
      { input: { walletId, reason: 'Reviewed by the money property test' } },
      { key: world.keys.admin },
    ),
  ).unfreezeDigitalWallet;
  if (sequence.frozen) assert.equal([answer.success, answer.wallet?.status], [true, 'ACTIVE']);
  else
    assert.equal(
      answer.errors.map((error: any) => error.code),
      ['INVALID_STATE'],
    );
  const outcome = sequence.frozen ? 'ACTIVE' : 'INVALID_STATE';
  assert.is(await statusOf(world, walletId), 'active');
  sequence.frozen = false;
  return outcome;
}
