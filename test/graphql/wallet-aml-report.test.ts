// Mutation.runDigitalWalletAmlReport through the real service, the AML simulator behind the real
// HTTP client (docs/custody.md#wallet-operations, docs/providers.md#aml-screening): a Low wallet
// auto-approved at once, any other PENDING; while one runs it is answered instead of a new one
// (also to two concurrent requests); once it completed at the provider it is stored completed and
// a new screening starts; the acting user is `requested_by`; a provider failure writes nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../src/errors/app-error.ts';
import { simulatedRisk } from '../../src/providers/aml/aml-simulator.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { expectBody } from '../support/graphql-answer.ts';
import { meridian, startWalletProviders, walletCallers } from './support/wallet-fixtures.ts';

const { clock, custodian, aml } = await startWalletProviders();
const api = await startBusinessApi({ seed: 'demo', providers: [custodian, aml] });
const keys = await api.keys(walletCallers);

const run = `mutation ($input: RunDigitalWalletAmlReportInput!) {
  runDigitalWalletAmlReport(input: $input) {
    success errors { code message field }
    report {
      id walletId status riskLevel riskScore provider requestedByUserId createdAt completedAt
      exposures { category exposureType usdValue sharePerc riskLevel }
    }
  }
}`;

async function runReport(walletId: number, key = keys.aurora, headers: Record<string, string> = {}) {
  return expectBody(await api.graphql(run, { input: { walletId } }, { key, headers })).data.runDigitalWalletAmlReport;
}

/** A new Aurora BTC wallet whose custodian id the AML simulator rates Low, or not Low. */
async function walletRated(low: boolean) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const answer = expectBody(
      await api.graphql(
        `mutation { createDigitalWallet(input: { label: "Screened", type: CUSTODIAL, coin: "BTC" }) { wallet { id } } }`,
        undefined,
        { key: keys.aurora },
      ),
    );
    const custodianWalletId: string = custodian.answers.createWallet.id;
    const risk = simulatedRisk({ coin: 'BTC', subject: { type: 'custodianWallet', id: custodianWalletId } });
    if ((risk.riskLevel === 'Low') === low) return { id: answer.data.createDigitalWallet.wallet.id as number, risk };
  }
  throw new Error('the simulator rated no new wallet as wanted');
}

const reportRows = (walletId: number) =>
  api.rows(
    `SELECT id, provider, provider_screening_id, screening_status, risk_level, risk_score::text, exposures,
       requested_by, completed_at
     FROM aml_report WHERE wallet_id = $1 ORDER BY created_at, id`,
    [walletId],
  );
const failures = (payload: any) =>
  payload.errors.map((error: any) => `${error.code} ${error.field?.join('.')}: ${error.message}`);
const upperExposures = (risk: ReturnType<typeof simulatedRisk>) =>
  risk.exposures.map((exposure) => ({
    ...exposure,
    exposureType: exposure.exposureType.toUpperCase(),
    riskLevel: exposure.riskLevel.toUpperCase(),
  }));

test.after(() => api.close());

test('a wallet rated Low is AUTO_APPROVED at once and stored with its exposures and requester', async () => {
  const { id, risk } = await walletRated(true);
  const answer = await runReport(id);
  const [row] = await reportRows(id);
  assert.equal(answer, {
    success: true,
    errors: [],
    report: {
      id: row.id,
      walletId: id,
      status: 'AUTO_APPROVED',
      riskLevel: 'LOW',
      riskScore: risk.riskScore,
      provider: 'http',
      requestedByUserId: 'demo-frank',
      createdAt: answer.report.createdAt,
      completedAt: clock.now().toISOString(),
      exposures: upperExposures(risk),
    },
  });
  assert.equal(await reportRows(id), [
    {
      id: row.id,
      provider: 'http',
      provider_screening_id: row.provider_screening_id,
      screening_status: 'auto-approved',
      risk_level: 'Low',
      risk_score: risk.riskScore.toFixed(2),
      exposures: risk.exposures,
      requested_by: 'demo-frank',
      completed_at: clock.now(),
    },
  ]);
  assert.match(row.provider_screening_id, /^00000000-0000-4000-8000-\d{12}$/);
});

test('a wallet needing review is PENDING; a repeat answers the running report; after review a new one starts', async () => {
  const { id, risk } = await walletRated(false);
  const started = aml.screenings.started;
  const first = await runReport(id, keys.aurora, { 'x-acting-user': 'demo-alice' });
  const pending = {
    id: first.report.id,
    walletId: id,
    status: 'PENDING',
    riskLevel: null,
    riskScore: null,
    provider: 'http',
    requestedByUserId: 'demo-alice',
    createdAt: first.report.createdAt,
    completedAt: null,
    exposures: [],
  };
  assert.equal(first, { success: true, errors: [], report: pending });
  assert.equal(await runReport(id), first);
  assert.is(aml.screenings.started, started + 1);
  assert.equal(
    (await reportRows(id)).map((row) => [row.screening_status, row.risk_level, row.exposures, row.requested_by]),
    [['pending', null, [], 'demo-alice']],
  );

  clock.advance(5 * 60_000);
  const second = await runReport(id);
  assert.is(aml.screenings.started, started + 2);
  assert.equal([second.report.status, second.report.requestedByUserId], ['PENDING', 'demo-frank']);
  assert.is.not(second.report.id, first.report.id);
  const rows = await reportRows(id);
  assert.equal(
    rows.map((row) => [row.id, row.screening_status, row.risk_level, row.risk_score, row.completed_at]),
    [
      [
        first.report.id,
        risk.riskLevel === 'Medium' ? 'approved' : 'denied',
        risk.riskLevel,
        risk.riskScore.toFixed(2),
        clock.now(),
      ],
      [second.report.id, 'pending', null, null, null],
    ],
  );
  assert.equal(rows[0].exposures, risk.exposures);
});

test('two concurrent requests for one wallet store one running report and both answer it', async () => {
  const { id } = await walletRated(false);
  const [left, right] = await Promise.all([runReport(id), runReport(id)]);
  assert.equal(left, right);
  assert.equal(
    (await reportRows(id)).map((row) => [row.id, row.screening_status]),
    [[left.report.id, 'pending']],
  );
});

test('other organizations’ wallets, missing ones and bad ids are refused; the provider is not asked', async () => {
  const { id } = await walletRated(true);
  const started = aml.screenings.started;
  assert.equal(failures(await runReport(id, keys.meridian)), [`NOT_FOUND walletId: no wallet ${id}`]);
  assert.equal(failures(await runReport(3_000_000)), ['NOT_FOUND walletId: no wallet 3000000']);
  assert.equal(failures(await runReport(0)), [
    'VALIDATION_FAILED walletId: walletId must be a wallet id: a whole number from 1',
  ]);
  await api.rows('UPDATE digital_wallet SET custodian_wallet_id = NULL WHERE id = $1', [id]);
  assert.equal(failures(await runReport(id)), [
    `INVALID_STATE walletId: wallet ${id} is not held at the custodian: nothing to screen`,
  ]);
  assert.is(aml.screenings.started, started);
  assert.equal(await reportRows(id), []);
});

test('a provider that fails or refuses leaves nothing written', async () => {
  const { id } = await walletRated(true);
  aml.failNextScreening(new Error('screening engine crashed'));
  assert.equal(failures(await runReport(id, keys.aurora, { 'x-request-id': 'aml-failed-1' })), [
    'SERVICE_UNAVAILABLE undefined: the AML provider is unavailable; retry in 30 seconds (requestId aml-failed-1)',
  ]);
  aml.failNextScreening(new AppError('BAD_REQUEST', 'subject is not screenable'));
  assert.equal(failures(await runReport(id, keys.aurora, { 'x-request-id': 'aml-refused-1' })), [
    'PROVIDER_ERROR undefined: the AML provider refused to screen this wallet (requestId aml-refused-1)',
  ]);
  assert.equal(await reportRows(id), []);
});

test('a running report the platform cannot follow at the provider (demo data) is answered as it stands', async () => {
  const [demo] = await api.rows(
    `SELECT r.id, r.wallet_id FROM aml_report r WHERE r.screening_status = 'pending' AND r.provider_screening_id IS NULL`,
  );
  const answer = await runReport(demo.wallet_id, keys.meridian);
  assert.equal(
    [answer.report.id, answer.report.status, answer.report.riskLevel, answer.report.exposures],
    [demo.id, 'PENDING', null, []],
  );
  const [{ organization_id }] = await api.rows('SELECT organization_id FROM digital_wallet WHERE id = $1', [
    demo.wallet_id,
  ]);
  assert.is(organization_id, meridian);
});

test.run();
