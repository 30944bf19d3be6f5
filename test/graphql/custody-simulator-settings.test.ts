// The in-process custody simulator's settings (docs/custody.md#configuration), with no CUSTODY_URL:
// the simulator adopted the demo data's wallets at start. With CUSTODY_SIM_BROADCAST_MS=50 and
// CUSTODY_SIM_CONFIRM_MS=200 a send is broadcast 50 ms after signing and confirmed 200 ms after that
// on the custodian's clock, and a sync shows it CONFIRMED within a bounded wait of real time, with
// its fee in the chain's coin. With CUSTODY_APPROVALS_REQUIRED=2 the adopted custodial wallets
// carry that policy, as wallets created through the API do (docs/custody.md#approval-policy-of-new-wallets).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { demoWalletIds } from '../../src/db/seed/demo-wallets.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { custodyMutation, organizations } from './support/custody-fixtures.ts';

const api = await startBusinessApi({
  seed: 'demo',
  env: { CUSTODY_SIM_BROADCAST_MS: '50', CUSTODY_SIM_CONFIRM_MS: '200', CUSTODY_APPROVALS_REQUIRED: '2' },
});
const grace = await api.key({ organization: organizations.meridian, owner: 'demo-grace', scopes: ['custody'] });
const alice = await api.key({ organization: organizations.aurora, owner: 'demo-alice', scopes: ['custody'] });
/** Long enough for a slow machine; the confirmation is due 250 ms after the send. */
const waitLimitMs = 10_000;

test.after(() => api.close());

async function storedSend(transferId: string) {
  const [row] = await api.rows(
    `SELECT state, fee_base_units::text AS fee, fee_coin,
       (extract(epoch FROM confirmed_at - created_at) * 1000)::int AS confirmed_after_ms
     FROM digital_wallet_transaction WHERE transfer_id = $1`,
    [transferId],
  );
  return row;
}

test('a send is CONFIRMED after a sync within the wait, 50 + 200 ms after it was signed', async () => {
  const walletId = demoWalletIds.meridianSolTrading;
  const sent = await custodyMutation(api, 'send', grace.secret, {
    walletId,
    address: `7${'x'.repeat(43)}`,
    amount: '1000000000',
  });
  assert.equal([sent.outcome, sent.transfer.state], ['TRANSFER_CREATED', 'SIGNED']);
  const started = Date.now();
  const seen: string[] = [];
  let stored = await storedSend(sent.transfer.id);
  while (stored.state !== 'confirmed' && Date.now() - started < waitLimitMs) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const synced = await custodyMutation(api, 'sync', grace.secret, { walletId });
    assert.is(synced.success, true);
    stored = await storedSend(sent.transfer.id);
    if (seen.at(-1) !== stored.state) seen.push(stored.state);
  }
  assert.is(stored.state, 'confirmed', `not confirmed within ${waitLimitMs} ms; states seen: ${seen.join(', ')}`);
  // The custodian's times, not our polling: signed at creation, unconfirmed 50 ms later, confirmed 200 ms after that.
  assert.equal(stored, { state: 'confirmed', fee: '5000', fee_coin: 'SOL', confirmed_after_ms: 250 });
  assert.ok(
    seen.every((state) => ['signed', 'unconfirmed', 'confirmed'].includes(state)),
    seen.join(', '),
  );
});

test('an adopted custodial demo wallet needs CUSTODY_APPROVALS_REQUIRED approvals per send', async () => {
  const walletId = demoWalletIds.auroraBtcCustody;
  const [whitelisted] = await api.rows(
    `SELECT address FROM digital_wallet_whitelist_entry WHERE wallet_id = $1 AND status = 'approved' ORDER BY id LIMIT 1`,
    [walletId],
  );
  const sent = await custodyMutation(api, 'send', alice.secret, {
    walletId,
    address: whitelisted.address,
    amount: '1000',
  });
  assert.equal(
    [sent.outcome, sent.pendingApproval.approvalsRequired, sent.pendingApproval.approvalsReceived],
    ['PENDING_APPROVAL', 2, 0],
  );
});

test.run();
