// One contract for the custody port (docs/custody.md#tests), run twice: against the simulator
// in-process, and through the HTTP client against the same simulator served over loopback HTTP.
// Both runs must give the same answers, errors included: a difference is a bug in the client,
// the wire format or the simulator's server.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type {
  CustodyPendingApproval,
  CustodyProvider,
  CustodyTransfer,
  SendCoinsResult,
} from '../../../src/providers/custody/custody-provider.ts';
import {
  custodyRejection,
  inProcessHarness,
  loopbackHttpHarness,
  type CustodyHarness,
  type HarnessFactory,
} from './support/custody-harness.ts';

const alice = 'auth0|alice';
const bob = 'auth0|bob';
const carol = 'auth0|carol';
const dave = 'auth0|dave';
const hexId = /^[0-9a-f]{32}$/;
const txid = /^[0-9a-f]{64}$/;
const destination = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const otherDestination = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const minute = 60_000;

function runContract(name: string, createHarness: HarnessFactory): void {
  const test = suite<{ harness: CustodyHarness }>(`custody contract: ${name}`);

  test.before.each(async (context) => {
    context.harness = await createHarness();
  });
  test.after.each(async (context) => {
    await context.harness.close();
  });

  /** A btc wallet holding 1 BTC, with the given approval policy. */
  async function fundedWallet(provider: CustodyProvider, harness: CustodyHarness, approvalsRequired = 0) {
    const wallet = await provider.createWallet({
      coin: 'btc',
      label: 'Treasury',
      type: 'custodial',
      approvalsRequired,
    });
    harness.simulator.control.receive({ walletId: wallet.id, amount: '100000000', from: otherDestination });
    return wallet;
  }

  function pending(result: SendCoinsResult): { approval: CustodyPendingApproval; transfer: CustodyTransfer } {
    if (result.outcome !== 'pendingApproval' || result.transfer === null) {
      throw new Error(`expected a pending approval with its transfer, got ${result.outcome}`);
    }
    return { approval: result.pendingApproval, transfer: result.transfer };
  }

  test('creates a wallet with its receive address, then more addresses', async ({ harness }) => {
    const { provider } = harness;
    const wallet = await provider.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
    assert.match(wallet.id, hexId);
    assert.match(wallet.receiveAddress.id, hexId);
    assert.match(wallet.receiveAddress.address, /^bc1q[02-9ac-hj-np-z]{38}$/);
    assert.equal(wallet, {
      id: wallet.id,
      coin: 'btc',
      label: 'Treasury',
      type: 'custodial',
      approvalsRequired: 0,
      receiveAddress: {
        id: wallet.receiveAddress.id,
        walletId: wallet.id,
        coin: 'btc',
        address: wallet.receiveAddress.address,
        index: 0,
        label: null,
      },
    });

    const address = await provider.createAddress({ coin: 'btc', walletId: wallet.id, label: 'Deposits Q2' });
    assert.equal(address, {
      id: address.id,
      walletId: wallet.id,
      coin: 'btc',
      address: address.address,
      index: 1,
      label: 'Deposits Q2',
    });
    assert.is.not(address.address, wallet.receiveAddress.address);

    const hot = await provider.createWallet({
      coin: 'eth',
      label: 'Trading',
      type: 'hot',
      userPublicKey:
        'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
      approvalsRequired: 2,
    });
    assert.is(hot.type, 'hot');
    assert.is(hot.approvalsRequired, 2);
    assert.match(hot.receiveAddress.address, /^0x[0-9a-f]{40}$/);
  });

  test('finds the wallet a creation made by its client reference; none for another reference or coin', async ({
    harness,
  }) => {
    const { provider } = harness;
    const reference = '6f1c2a9e-0d4b-4e8a-9c57-3b2f1e0a7d64';
    const wallet = await provider.createWallet({
      coin: 'btc',
      label: 'Treasury',
      type: 'custodial',
      clientReference: reference,
    });
    await provider.createWallet({
      coin: 'btc',
      label: 'Other',
      type: 'custodial',
      clientReference: 'another-reference',
    });
    assert.equal(await provider.findWalletByReference('btc', reference), wallet);
    assert.is(await provider.findWalletByReference('btc', '0b9a7c4e-2222-4e8a-9c57-3b2f1e0a7d64'), null);
    assert.is(await provider.findWalletByReference('eth', reference), null);
    const refused = await custodyRejection(provider.findWalletByReference('btc', 'not a reference'));
    assert.equal(
      [refused.code, refused.details?.map((detail) => detail.path)],
      ['VALIDATION_FAILED', ['clientReference']],
    );
  });

  test('refuses coins it does not hold, and token wallets', async ({ harness }) => {
    const { provider } = harness;
    const unknown = await custodyRejection(provider.createWallet({ coin: 'doge', label: 'x', type: 'custodial' }));
    assert.is(unknown.code, 'BAD_REQUEST');
    assert.is(unknown.reason, 'unsupportedCoin');
    assert.is(unknown.providerStatus, 400);
    assert.match(unknown.custodian?.requestId ?? '', hexId);
    assert.is(unknown.message, 'custodian refused createWallet: unsupportedCoin (HTTP 400)');
    const token = await custodyRejection(provider.createWallet({ coin: 'usdc', label: 'x', type: 'custodial' }));
    assert.is(token.reason, 'unsupportedCoin');
    assert.is(
      token.custodian?.error,
      'usdc is a token on eth and sol: create a wallet of its chain and hold usdc in it',
    );
  });

  test('checks input before the custodian sees it: VALIDATION_FAILED naming each field', async ({ harness }) => {
    const { provider } = harness;
    const error = await custodyRejection(
      provider.sendCoins({ coin: 'BTC', walletId: 'w1', address: '', amount: '1.5', userId: ' ' }),
    );
    assert.is(error.code, 'VALIDATION_FAILED');
    assert.is(error.reason, 'invalidRequest');
    assert.is(error.providerStatus, undefined);
    assert.equal(
      error.details?.map((detail) => detail.path),
      ['coin', 'walletId', 'address', 'amount', 'userId'],
    );
    const wallet = await custodyRejection(provider.createWallet({ coin: 'btc', label: 'x', type: 'hot' }));
    assert.is(wallet.message, 'invalid createWallet request: userPublicKey is required for hot wallets');
    const approval = await custodyRejection(provider.getPendingApproval('ABC'));
    assert.equal(approval.details, [
      { path: 'approvalId', message: 'approvalId must be 32 lowercase hexadecimal characters' },
    ]);
    const amount = await custodyRejection(
      provider.sendCoins({ coin: 'btc', walletId: 'a'.repeat(32), address: destination, amount: '0', userId: alice }),
    );
    assert.equal(
      amount.details?.map((detail) => detail.path),
      ['amount'],
    );
  });

  test('an unknown wallet, approval or transfer is NOT_FOUND', async ({ harness }) => {
    const { provider } = harness;
    const walletId = 'f'.repeat(32);
    const wallet = await custodyRejection(provider.createAddress({ coin: 'btc', walletId }));
    assert.is(wallet.code, 'NOT_FOUND');
    assert.is(wallet.reason, 'notFound');
    assert.is(wallet.providerStatus, 404);
    assert.is(wallet.custodian?.error, `wallet ${walletId} not found for coin btc`);
    const approval = await custodyRejection(provider.getPendingApproval('0'.repeat(32)));
    assert.is(approval.custodian?.error, `pending approval ${'0'.repeat(32)} not found`);
    const created = await provider.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
    const wrongCoin = await custodyRejection(provider.createAddress({ coin: 'eth', walletId: created.id }));
    assert.is(wrongCoin.code, 'NOT_FOUND');
    const transfer = await custodyRejection(provider.getTransfer('btc', created.id, 'e'.repeat(32)));
    assert.is(transfer.custodian?.error, `transfer ${'e'.repeat(32)} not found in wallet ${created.id}`);
  });

  test('whitelist: add and remove at once without an approval policy; sends then go to listed addresses only', async ({
    harness,
  }) => {
    const { provider } = harness;
    const wallet = await fundedWallet(provider, harness);
    const change = { coin: 'btc', walletId: wallet.id, userId: alice };
    assert.equal(await provider.addWhitelistAddress({ ...change, address: destination, label: 'Cold storage' }), {
      outcome: 'applied',
      whitelist: [{ address: destination, label: 'Cold storage' }],
    });
    assert.equal(await provider.addWhitelistAddress({ ...change, address: otherDestination }), {
      outcome: 'applied',
      whitelist: [
        { address: destination, label: 'Cold storage' },
        { address: otherDestination, label: null },
      ],
    });
    const again = await custodyRejection(provider.addWhitelistAddress({ ...change, address: destination }));
    assert.is(again.code, 'CONFLICT');
    assert.is(again.reason, 'whitelistEntryExists');
    assert.is(again.providerStatus, 409);

    assert.equal(await provider.removeWhitelistAddress({ ...change, address: destination }), {
      outcome: 'applied',
      whitelist: [{ address: otherDestination, label: null }],
    });
    const gone = await custodyRejection(provider.removeWhitelistAddress({ ...change, address: destination }));
    assert.is(gone.code, 'NOT_FOUND');
    assert.is(gone.custodian?.error, `${destination} is not on the whitelist of wallet ${wallet.id}`);

    const refused = await custodyRejection(provider.sendCoins({ ...change, address: destination, amount: '1000' }));
    assert.is(refused.code, 'FORBIDDEN');
    assert.is(refused.reason, 'addressNotWhitelisted');
    assert.is(refused.providerStatus, 403);
    const sent = await provider.sendCoins({ ...change, address: otherDestination, amount: '1000' });
    assert.is(sent.outcome, 'transfer');

    const invalid = await custodyRejection(
      provider.addWhitelistAddress({ ...change, address: '0x52908400098527886E0F7030069857D2E4169EE7' }),
    );
    assert.is(invalid.code, 'BAD_REQUEST');
    assert.is(invalid.reason, 'invalidAddress');
    assert.is(invalid.custodian?.error, '0x52908400098527886E0F7030069857D2E4169EE7 is not a valid btc address');
  });

  test('whitelist: with an approval policy a change waits for approval, and applies once approved', async ({
    harness,
  }) => {
    const { provider, clock } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const change = { coin: 'btc', walletId: wallet.id, userId: alice };
    const added = await provider.addWhitelistAddress({ ...change, address: destination, label: 'Cold storage' });
    if (added.outcome !== 'pendingApproval') throw new Error('expected a pending approval');
    const approval = added.pendingApproval;
    assert.match(approval.id, hexId);
    assert.equal(approval, {
      id: approval.id,
      walletId: wallet.id,
      coin: 'btc',
      kind: 'whitelistAdd',
      state: 'pending',
      approvalsRequired: 1,
      approvalsReceived: 0,
      creator: alice,
      resolutions: [],
      transferId: null,
      address: destination,
      amount: null,
      label: 'Cold storage',
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
      resolvedAt: null,
    });
    const twice = await custodyRejection(provider.addWhitelistAddress({ ...change, address: destination }));
    assert.is(twice.code, 'CONFLICT');
    assert.is(twice.reason, 'whitelistChangePending');
    assert.is(twice.custodian?.error, `a change of ${destination} awaits pending approval ${approval.id}`);

    // Not in force yet: the rule does not exist, so any address may still receive.
    assert.is(
      (await provider.sendCoins({ ...change, address: otherDestination, amount: '1000' })).outcome,
      'pendingApproval',
    );

    clock.advance(minute);
    const approved = await provider.resolvePendingApproval({
      approvalId: approval.id,
      decision: 'approved',
      userId: bob,
    });
    assert.equal(approved, {
      ...approval,
      state: 'approved',
      approvalsReceived: 1,
      resolutions: [{ userId: bob, decision: 'approved', date: new Date('2026-03-02T09:01:00.000Z'), comment: null }],
      resolvedAt: new Date('2026-03-02T09:01:00.000Z'),
    });
    assert.equal(await provider.getPendingApproval(approval.id), approved);

    const notListed = await custodyRejection(
      provider.sendCoins({ ...change, address: otherDestination, amount: '1000' }),
    );
    assert.is(notListed.reason, 'addressNotWhitelisted');
    assert.is(
      (await provider.sendCoins({ ...change, address: destination, amount: '1000' })).outcome,
      'pendingApproval',
    );

    const removal = await provider.removeWhitelistAddress({ ...change, address: destination });
    if (removal.outcome !== 'pendingApproval') throw new Error('expected a pending approval');
    assert.is(removal.pendingApproval.kind, 'whitelistRemove');
    assert.is(removal.pendingApproval.label, 'Cold storage');
    const rejected = await provider.resolvePendingApproval({
      approvalId: removal.pendingApproval.id,
      decision: 'rejected',
      userId: carol,
      comment: 'still in use',
    });
    assert.is(rejected.state, 'rejected');
    // The removal was rejected: the address stays listed, and can be removed again.
    const retried = await provider.removeWhitelistAddress({ ...change, address: destination });
    assert.is(retried.outcome, 'pendingApproval');
  });

  test("lists a wallet's pending approvals, oldest first: whitelist changes and sends, none resolved", async ({
    harness,
  }) => {
    const { provider, clock } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const other = await fundedWallet(provider, harness, 1);
    assert.equal(await provider.listPendingApprovals(wallet.id), []);
    const change = { coin: 'btc', walletId: wallet.id, userId: alice };
    const added = await provider.addWhitelistAddress({ ...change, address: destination, label: 'Cold storage' });
    clock.advance(minute);
    const sent = await provider.sendCoins({ ...change, address: otherDestination, amount: '1000' });
    clock.advance(minute);
    const resolvedLater = await provider.addWhitelistAddress({ ...change, address: otherDestination });
    await provider.addWhitelistAddress({ ...change, walletId: other.id, address: destination });
    if (added.outcome !== 'pendingApproval' || sent.outcome !== 'pendingApproval')
      throw new Error('expected approvals');
    if (resolvedLater.outcome !== 'pendingApproval') throw new Error('expected a pending approval');
    await provider.resolvePendingApproval({
      approvalId: resolvedLater.pendingApproval.id,
      decision: 'rejected',
      userId: bob,
    });
    assert.equal(await provider.listPendingApprovals(wallet.id), [added.pendingApproval, sent.pendingApproval]);
    const [whitelisted] = await provider.listPendingApprovals(wallet.id);
    assert.equal(
      [whitelisted?.kind, whitelisted?.address, whitelisted?.label],
      ['whitelistAdd', destination, 'Cold storage'],
    );

    const unknown = await custodyRejection(provider.listPendingApprovals('ab'.repeat(16)));
    assert.equal([unknown.code, unknown.reason], ['NOT_FOUND', 'notFound']);
    const refused = await custodyRejection(provider.listPendingApprovals('not a wallet'));
    assert.equal([refused.code, refused.details?.map((detail) => detail.path)], ['VALIDATION_FAILED', ['walletId']]);
  });

  test('send without an approval policy: a signed transfer, fee charged, readable by id', async ({ harness }) => {
    const { provider, simulator } = harness;
    const wallet = await fundedWallet(provider, harness);
    const result = await provider.sendCoins({
      coin: 'btc',
      walletId: wallet.id,
      address: destination,
      amount: '150000',
      comment: 'Invoice 2026-0042',
      userId: alice,
    });
    if (result.outcome !== 'transfer') throw new Error('expected a transfer');
    const { transfer } = result;
    assert.match(transfer.id, hexId);
    assert.match(transfer.txid ?? '', txid);
    assert.equal(transfer, {
      id: transfer.id,
      walletId: wallet.id,
      coin: 'btc',
      type: 'send',
      state: 'signed',
      amount: '150000',
      fee: '1000',
      feeCoin: 'btc',
      txid: transfer.txid,
      counterpartyAddress: destination,
      comment: 'Invoice 2026-0042',
      sequenceId: null,
      pendingApprovalId: null,
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
      updatedAt: new Date('2026-03-02T09:00:00.000Z'),
      confirmedAt: null,
    });
    assert.equal(await provider.getTransfer('btc', wallet.id, transfer.id), transfer);
    assert.is(simulator.control.spendableBalance(wallet.id), '99849000');
  });

  test('send under an approval policy: pending, approved by another user, signed, then confirmed', async ({
    harness,
  }) => {
    const { provider, simulator, clock } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const send = { coin: 'btc', walletId: wallet.id, address: destination, amount: '2500000', userId: alice };
    const { approval, transfer } = pending(await provider.sendCoins(send));
    assert.equal(approval, {
      id: approval.id,
      walletId: wallet.id,
      coin: 'btc',
      kind: 'transfer',
      state: 'pending',
      approvalsRequired: 1,
      approvalsReceived: 0,
      creator: alice,
      resolutions: [],
      transferId: transfer.id,
      address: destination,
      amount: '2500000',
      label: null,
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
      resolvedAt: null,
    });
    assert.is(transfer.state, 'pendingApproval');
    assert.is(transfer.txid, null);
    assert.is(transfer.pendingApprovalId, approval.id);
    assert.equal(await provider.getPendingApproval(approval.id), approval);
    // The held-back transfer keeps its funds.
    assert.is(simulator.control.spendableBalance(wallet.id), '97499000');

    clock.advance(5 * minute);
    const approved = await provider.resolvePendingApproval({
      approvalId: approval.id,
      decision: 'approved',
      userId: bob,
      comment: 'checked against invoice',
    });
    assert.equal(approved, {
      ...approval,
      state: 'approved',
      approvalsReceived: 1,
      resolutions: [
        {
          userId: bob,
          decision: 'approved',
          date: new Date('2026-03-02T09:05:00.000Z'),
          comment: 'checked against invoice',
        },
      ],
      resolvedAt: new Date('2026-03-02T09:05:00.000Z'),
    });
    const signed = await provider.getTransfer('btc', wallet.id, transfer.id);
    assert.match(signed.txid ?? '', txid);
    assert.equal(signed, {
      ...transfer,
      state: 'signed',
      txid: signed.txid,
      updatedAt: new Date('2026-03-02T09:05:00.000Z'),
    });

    clock.advance(10 * minute);
    simulator.control.confirmTransfer(transfer.id);
    assert.equal(await provider.getTransfer('btc', wallet.id, transfer.id), {
      ...signed,
      state: 'confirmed',
      updatedAt: new Date('2026-03-02T09:15:00.000Z'),
      confirmedAt: new Date('2026-03-02T09:15:00.000Z'),
    });
  });

  test('a rejected send: the approval and its transfer are rejected, the funds released, no fee paid', async ({
    harness,
  }) => {
    const { provider, simulator, clock } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const { approval, transfer } = pending(
      await provider.sendCoins({
        coin: 'btc',
        walletId: wallet.id,
        address: destination,
        amount: '2500000',
        userId: alice,
      }),
    );
    clock.advance(minute);
    const rejected = await provider.resolvePendingApproval({
      approvalId: approval.id,
      decision: 'rejected',
      userId: bob,
    });
    assert.is(rejected.state, 'rejected');
    assert.is(rejected.approvalsReceived, 0);
    assert.equal(rejected.resolvedAt, new Date('2026-03-02T09:01:00.000Z'));
    assert.equal([transfer.fee, transfer.feeCoin], ['1000', 'btc']);
    // It never reaches the chain, so it pays no fee (docs/domain.md#wallets-and-custody).
    assert.equal(await provider.getTransfer('btc', wallet.id, transfer.id), {
      ...transfer,
      state: 'rejected',
      fee: null,
      feeCoin: null,
      updatedAt: new Date('2026-03-02T09:01:00.000Z'),
    });
    assert.is(simulator.control.spendableBalance(wallet.id), '100000000');
  });

  test('the creator cannot resolve their own request: FORBIDDEN, nothing recorded', async ({ harness }) => {
    const { provider } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const { approval } = pending(
      await provider.sendCoins({
        coin: 'btc',
        walletId: wallet.id,
        address: destination,
        amount: '2500000',
        userId: alice,
      }),
    );
    for (const decision of ['approved', 'rejected'] as const) {
      const error = await custodyRejection(
        provider.resolvePendingApproval({ approvalId: approval.id, decision, userId: alice }),
      );
      assert.is(error.code, 'FORBIDDEN');
      assert.is(error.reason, 'selfApproval');
      assert.is(error.providerStatus, 403);
      assert.is(error.message, 'custodian refused resolvePendingApproval: selfApproval (HTTP 403)');
    }
    assert.equal(await provider.getPendingApproval(approval.id), approval);
  });

  test('approvalsRequired 2: one approval leaves it pending, the second signs; each user decides once', async ({
    harness,
  }) => {
    const { provider } = harness;
    const wallet = await fundedWallet(provider, harness, 2);
    const { approval, transfer } = pending(
      await provider.sendCoins({
        coin: 'btc',
        walletId: wallet.id,
        address: destination,
        amount: '2500000',
        userId: alice,
      }),
    );
    assert.is(approval.approvalsRequired, 2);
    const first = await provider.resolvePendingApproval({ approvalId: approval.id, decision: 'approved', userId: bob });
    assert.is(first.state, 'pending');
    assert.is(first.approvalsReceived, 1);
    assert.is(first.resolvedAt, null);
    assert.is((await provider.getTransfer('btc', wallet.id, transfer.id)).state, 'pendingApproval');

    const twice = await custodyRejection(
      provider.resolvePendingApproval({ approvalId: approval.id, decision: 'approved', userId: bob }),
    );
    assert.is(twice.code, 'CONFLICT');
    assert.is(twice.reason, 'alreadyDecided');
    assert.is(twice.custodian?.error, `user ${bob} has already decided on pending approval ${approval.id}`);

    const second = await provider.resolvePendingApproval({
      approvalId: approval.id,
      decision: 'approved',
      userId: carol,
    });
    assert.is(second.state, 'approved');
    assert.is(second.approvalsReceived, 2);
    assert.equal(
      second.resolutions.map((resolution) => [resolution.userId, resolution.decision]),
      [
        [bob, 'approved'],
        [carol, 'approved'],
      ],
    );
    assert.is((await provider.getTransfer('btc', wallet.id, transfer.id)).state, 'signed');
  });

  test('approvalsRequired 2: a rejection after one approval, or as the first decision, rejects', async ({
    harness,
  }) => {
    const { provider } = harness;
    const wallet = await fundedWallet(provider, harness, 2);
    const send = { coin: 'btc', walletId: wallet.id, address: destination, amount: '1000000', userId: alice };
    const late = pending(await provider.sendCoins(send));
    await provider.resolvePendingApproval({ approvalId: late.approval.id, decision: 'approved', userId: bob });
    const lateRejection = await provider.resolvePendingApproval({
      approvalId: late.approval.id,
      decision: 'rejected',
      userId: carol,
    });
    assert.is(lateRejection.state, 'rejected');
    assert.is(lateRejection.approvalsReceived, 1);
    assert.is((await provider.getTransfer('btc', wallet.id, late.transfer.id)).state, 'rejected');

    const early = pending(await provider.sendCoins(send));
    const earlyRejection = await provider.resolvePendingApproval({
      approvalId: early.approval.id,
      decision: 'rejected',
      userId: carol,
    });
    assert.is(earlyRejection.state, 'rejected');
    assert.is((await provider.getTransfer('btc', wallet.id, early.transfer.id)).state, 'rejected');
  });

  test('resolving an approval that is already resolved is refused: CONFLICT', async ({ harness }) => {
    const { provider } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const send = { coin: 'btc', walletId: wallet.id, address: destination, amount: '1000000', userId: alice };
    const approved = pending(await provider.sendCoins(send)).approval;
    await provider.resolvePendingApproval({ approvalId: approved.id, decision: 'approved', userId: bob });
    const rejected = pending(await provider.sendCoins(send)).approval;
    await provider.resolvePendingApproval({ approvalId: rejected.id, decision: 'rejected', userId: bob });
    for (const [id, state] of [
      [approved.id, 'approved'],
      [rejected.id, 'rejected'],
    ] as const) {
      for (const decision of ['approved', 'rejected'] as const) {
        const error = await custodyRejection(
          provider.resolvePendingApproval({ approvalId: id, decision, userId: dave }),
        );
        assert.is(error.code, 'CONFLICT');
        assert.is(error.reason, 'alreadyResolved');
        assert.is(error.providerStatus, 409);
        assert.is(error.custodian?.error, `pending approval ${id} is already ${state}`);
      }
    }
  });

  test('sendCoins is idempotent by sequenceId; the same key with other input is a CONFLICT', async ({ harness }) => {
    const { provider, simulator, clock } = harness;
    const wallet = await fundedWallet(provider, harness);
    const send = {
      coin: 'btc',
      walletId: wallet.id,
      address: destination,
      amount: '150000',
      sequenceId: 'payout-42',
      userId: alice,
    };
    const first = await provider.sendCoins(send);
    clock.advance(minute);
    const repeat = await provider.sendCoins(send);
    assert.equal(repeat, first);
    if (first.outcome !== 'transfer') throw new Error('expected a transfer');
    assert.is(first.transfer.sequenceId, 'payout-42');
    assert.is(simulator.control.spendableBalance(wallet.id), '99849000');
    const { transfers } = await provider.listTransfers({ coin: 'btc', walletId: wallet.id });
    assert.is(transfers.filter((transfer) => transfer.type === 'send').length, 1);

    const conflict = await custodyRejection(provider.sendCoins({ ...send, amount: '150001' }));
    assert.is(conflict.code, 'CONFLICT');
    assert.is(conflict.reason, 'idempotencyConflict');
    assert.is(conflict.custodian?.error, 'sequenceId payout-42 was used for a different send');

    // The repeat answers the transfer as it is now.
    simulator.control.confirmTransfer(first.transfer.id);
    const later = await provider.sendCoins(send);
    assert.is(later.outcome === 'transfer' && later.transfer.state, 'confirmed');
  });

  test('an idempotent repeat of a send under approval answers the same pending approval', async ({ harness }) => {
    const { provider } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const send = {
      coin: 'btc',
      walletId: wallet.id,
      address: destination,
      amount: '150000',
      sequenceId: 'payout-43',
      userId: alice,
    };
    const first = pending(await provider.sendCoins(send));
    await provider.resolvePendingApproval({ approvalId: first.approval.id, decision: 'approved', userId: bob });
    const repeat = pending(await provider.sendCoins(send));
    assert.is(repeat.approval.id, first.approval.id);
    assert.is(repeat.approval.state, 'approved');
    assert.is(repeat.transfer.id, first.transfer.id);
    assert.is(repeat.transfer.state, 'signed');
  });

  test('a send beyond the spendable balance is a CONFLICT; tokens pay their fee in the chain coin', async ({
    harness,
  }) => {
    const { provider, simulator } = harness;
    const wallet = await fundedWallet(provider, harness);
    const error = await custodyRejection(
      provider.sendCoins({ coin: 'btc', walletId: wallet.id, address: destination, amount: '99999001', userId: alice }),
    );
    assert.is(error.code, 'CONFLICT');
    assert.is(error.reason, 'insufficientBalance');
    assert.is(error.providerStatus, 400);
    assert.is(
      error.custodian?.error,
      `wallet ${wallet.id} can spend 100000000 base units of btc; the send needs 100000001`,
    );

    const eth = await provider.createWallet({ coin: 'eth', label: 'Stablecoins', type: 'custodial' });
    simulator.control.receive({ walletId: eth.id, coin: 'usdc', amount: '5000000' });
    const noGas = await custodyRejection(
      provider.sendCoins({
        coin: 'usdc',
        walletId: eth.id,
        address: `0x${'ab'.repeat(20)}`,
        amount: '1000000',
        userId: alice,
      }),
    );
    assert.is(noGas.custodian?.error, `wallet ${eth.id} can spend 0 base units of eth; the send needs 420000000000000`);
    simulator.control.receive({ walletId: eth.id, amount: '2000000000000000000' });
    const result = await provider.sendCoins({
      coin: 'usdc',
      walletId: eth.id,
      address: `0x${'ab'.repeat(20)}`,
      amount: '1000000',
      userId: alice,
    });
    if (result.outcome !== 'transfer') throw new Error('expected a transfer');
    assert.equal(
      [result.transfer.coin, result.transfer.amount, result.transfer.fee, result.transfer.feeCoin],
      ['usdc', '1000000', '420000000000000', 'eth'],
    );
    assert.is(simulator.control.spendableBalance(eth.id, 'usdc'), '4000000');
    assert.is(simulator.control.spendableBalance(eth.id), '1999580000000000000');
  });

  test('the transfer list pages newest first through the cursor: 25 transfers in batches of 10', async ({
    harness,
  }) => {
    const { provider, simulator, clock } = harness;
    const wallet = await provider.createWallet({ coin: 'btc', label: 'Treasury', type: 'custodial' });
    const created: string[] = [];
    for (let index = 1; index <= 25; index += 1) {
      clock.advance(minute);
      created.push(simulator.control.receive({ walletId: wallet.id, amount: String(1000 + index) }).id);
    }
    const batches: CustodyTransfer[][] = [];
    const cursors: (string | null)[] = [];
    let prevId: string | undefined;
    do {
      const batch = await provider.listTransfers({ coin: 'btc', walletId: wallet.id, limit: 10, prevId });
      batches.push(batch.transfers);
      cursors.push(batch.nextBatchPrevId);
      prevId = batch.nextBatchPrevId ?? undefined;
    } while (prevId !== undefined && batches.length < 5);

    assert.equal(
      batches.map((batch) => batch.length),
      [10, 10, 5],
    );
    const listed = batches.flat();
    assert.equal(
      listed.map((transfer) => transfer.id),
      [...created].reverse(),
    );
    assert.equal(cursors, [batches[0]!.at(-1)!.id, batches[1]!.at(-1)!.id, null]);
    assert.equal(listed.map((transfer) => transfer.amount).slice(0, 3), ['1025', '1024', '1023']);
    assert.equal(listed[24], {
      id: created[0],
      walletId: wallet.id,
      coin: 'btc',
      type: 'receive',
      state: 'confirmed',
      amount: '1001',
      fee: null,
      feeCoin: null,
      txid: listed[24]!.txid,
      counterpartyAddress: null,
      comment: null,
      sequenceId: null,
      pendingApprovalId: null,
      createdAt: new Date('2026-03-02T09:01:00.000Z'),
      updatedAt: new Date('2026-03-02T09:01:00.000Z'),
      confirmedAt: new Date('2026-03-02T09:01:00.000Z'),
    });
    const defaultBatch = await provider.listTransfers({ coin: 'btc', walletId: wallet.id });
    assert.is(defaultBatch.transfers.length, 25);
    assert.is(defaultBatch.nextBatchPrevId, null);
  });

  test('the transfer list from a time: what changed since, in every state, with fees only where paid', async ({
    harness,
  }) => {
    const { provider, simulator, clock } = harness;
    const wallet = await fundedWallet(provider, harness, 1);
    const send = { coin: 'btc', walletId: wallet.id, address: destination, userId: alice };
    clock.advance(minute);
    const rejected = pending(await provider.sendCoins({ ...send, amount: '1000' }));
    const waiting = pending(await provider.sendCoins({ ...send, amount: '2000' }));
    simulator.control.setWalletPolicy(wallet.id, { approvalsRequired: 0 });
    const failing = await provider.sendCoins({ ...send, amount: '3000' });
    const dropped = await provider.sendCoins({ ...send, amount: '4000' });
    const lastSynced = new Date(clock.now().getTime() + minute);

    clock.advance(2 * minute);
    await provider.resolvePendingApproval({ approvalId: rejected.approval.id, decision: 'rejected', userId: bob });
    if (failing.outcome !== 'transfer' || dropped.outcome !== 'transfer') throw new Error('expected transfers');
    simulator.control.advanceTransfer(failing.transfer.id, 'failed');
    simulator.control.advanceTransfer(dropped.transfer.id, 'unconfirmed');
    simulator.control.advanceTransfer(dropped.transfer.id, 'removed');

    const since = await provider.listTransfers({ coin: 'btc', walletId: wallet.id, dateGte: lastSynced });
    assert.equal(
      since.transfers.map((transfer) => [transfer.amount, transfer.state]),
      [
        ['4000', 'removed'],
        ['3000', 'failed'],
        ['1000', 'rejected'],
      ],
    );
    const all = await provider.listTransfers({ coin: 'btc', walletId: wallet.id });
    // Only the send still on its way holds a fee: the others never reached the chain, a receive pays none.
    assert.equal(
      all.transfers.map((transfer) => [transfer.type, transfer.state, transfer.fee, transfer.feeCoin]),
      [
        ['send', 'removed', null, null],
        ['send', 'failed', null, null],
        ['send', 'pendingApproval', '1000', 'btc'],
        ['send', 'rejected', null, null],
        ['receive', 'confirmed', null, null],
      ],
    );
    assert.is(all.transfers[2]!.id, waiting.transfer.id);

    const unknown = await custodyRejection(
      provider.listTransfers({ coin: 'btc', walletId: wallet.id, prevId: 'c'.repeat(32) }),
    );
    assert.is(unknown.code, 'BAD_REQUEST');
    assert.is(unknown.reason, 'invalidRequest');
    assert.is(unknown.custodian?.error, `prevId ${'c'.repeat(32)} is not a transfer of wallet ${wallet.id}`);
  });

  test("a wallet's balances per coin: on the chain, confirmed, spendable; tokens after the wallet's coin", async ({
    harness,
  }) => {
    const { provider, simulator } = harness;
    const wallet = await provider.createWallet({ coin: 'eth', label: 'Treasury', type: 'custodial' });
    const ethDestination = `0x${'ab'.repeat(20)}`;
    simulator.control.receive({ walletId: wallet.id, amount: '1000000000000000000' });
    simulator.control.receive({ walletId: wallet.id, coin: 'usdc', amount: '5000000' });
    simulator.control.receive({ walletId: wallet.id, amount: '500000000000000000', confirmed: false });
    const usdcSend = await provider.sendCoins({
      coin: 'usdc',
      walletId: wallet.id,
      address: ethDestination,
      amount: '1000000',
      userId: alice,
    });
    const ethSend = await provider.sendCoins({
      coin: 'eth',
      walletId: wallet.id,
      address: ethDestination,
      amount: '100000000000000000',
      userId: alice,
    });
    if (usdcSend.outcome !== 'transfer' || ethSend.outcome !== 'transfer') throw new Error('expected signed sends');
    simulator.control.confirmTransfer(ethSend.transfer.id);
    // Worked by hand, gas 420000000000000 wei per send (docs/custody.md#the-simulator):
    // ETH confirmed 1e18 − 1e17 − gas; on the chain also the unconfirmed 5e17 in; spendable also
    // less the signed USDC send's gas. USDC: the signed send holds 1000000 but is not on the chain.
    assert.equal(await provider.getWalletBalances('eth', wallet.id), {
      walletId: wallet.id,
      coin: 'eth',
      balances: [
        {
          coin: 'eth',
          balance: '1399580000000000000',
          confirmedBalance: '899580000000000000',
          spendableBalance: '899160000000000000',
        },
        { coin: 'usdc', balance: '5000000', confirmedBalance: '5000000', spendableBalance: '4000000' },
      ],
    });
    simulator.control.advanceTransfer(usdcSend.transfer.id, 'unconfirmed');
    const broadcast = await provider.getWalletBalances('eth', wallet.id);
    assert.equal(
      broadcast.balances.map((balance) => [balance.coin, balance.balance, balance.confirmedBalance]),
      [
        ['eth', '1399160000000000000', '899580000000000000'],
        ['usdc', '4000000', '5000000'],
      ],
    );
    assert.equal(simulator.control.spendableBalance(wallet.id, 'usdc'), '4000000');

    const empty = await provider.createWallet({ coin: 'btc', label: 'Empty', type: 'custodial' });
    assert.equal(await provider.getWalletBalances('btc', empty.id), {
      walletId: empty.id,
      coin: 'btc',
      balances: [{ coin: 'btc', balance: '0', confirmedBalance: '0', spendableBalance: '0' }],
    });
    const adopted = simulator.control.adoptWallet({
      id: 'ad0'.repeat(10) + 'ad',
      coin: 'eth',
      label: 'Adopted',
      type: 'custodial',
      balances: { usdt: '7', eth: '2000' },
    });
    assert.equal((await provider.getWalletBalances('eth', adopted.id)).balances, [
      { coin: 'eth', balance: '2000', confirmedBalance: '2000', spendableBalance: '2000' },
      { coin: 'usdt', balance: '7', confirmedBalance: '7', spendableBalance: '7' },
    ]);

    const unknown = await custodyRejection(provider.getWalletBalances('btc', 'c'.repeat(32)));
    assert.is(unknown.code, 'NOT_FOUND');
    assert.is(unknown.reason, 'notFound');
    const invalid = await custodyRejection(provider.getWalletBalances('BTC', 'not-hex'));
    assert.is(invalid.code, 'VALIDATION_FAILED');
    assert.equal(
      invalid.details?.map((detail) => detail.path),
      ['coin', 'walletId'],
    );
  });

  test.run();
}

runContract('in-process simulator', inProcessHarness);
runContract('HTTP client against the simulator over loopback', loopbackHttpHarness);
