// The AML simulator (docs/providers.md#aml-screening): the port's contract in process, the
// spread of simulated levels, exposures that add up to the screened volume, and the simulator
// chosen when AML_URL is unset.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sum } from '../../../src/domain/money/decimal.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { amlRiskLevels, type AmlScreeningRequest } from '../../../src/providers/aml/aml-provider.ts';
import { createAmlSimulator, simulatedCategories, simulatedRisk } from '../../../src/providers/aml/aml-simulator.ts';
import { createAmlProvider } from '../../../src/providers/aml/create-aml-provider.ts';
import { amlContract } from './aml-contract.ts';

amlContract('simulator in process', async () => {
  let now = new Date(0);
  let next = 0;
  return {
    provider: createAmlSimulator({ now: () => now, newScreeningId: () => `scr-${(next += 1)}` }),
    setNow: (time) => {
      now = time;
    },
    close: async () => {},
  };
});

test('over 2,000 subjects: every level occurs, mostly Low; each result is internally consistent', () => {
  const counts: Record<string, number> = { Low: 0, Medium: 0, High: 0, Severe: 0 };
  for (let index = 0; index < 2_000; index += 1) {
    const request: AmlScreeningRequest = {
      coin: index % 2 ? 'ETH' : 'BTC',
      subject: { type: 'address', id: `addr${index}` },
    };
    const risk = simulatedRisk(request);
    counts[risk.riskLevel]! += 1;
    assert.ok(risk.riskScore >= 0 && risk.riskScore <= 10 && Number.isInteger(Math.round(risk.riskScore * 100)));
    assert.is(sum(risk.exposures.map((exposure) => exposure.usdValue)), sum([risk.volumeUsd]));
    assert.is(Math.round(risk.exposures.reduce((total, exposure) => total + exposure.sharePerc * 100, 0)), 10_000);
    // The riskiest exposure carries the subject's level, in a category of that level, and comes first.
    const [first] = risk.exposures;
    assert.is(first?.riskLevel, risk.riskLevel);
    assert.ok(simulatedCategories[risk.riskLevel].includes(first!.category));
    const ranks = risk.exposures.map((exposure) => amlRiskLevels.indexOf(exposure.riskLevel));
    assert.equal(
      ranks,
      [...ranks].sort((a, b) => b - a),
    );
    assert.equal(simulatedRisk(request), risk, 'the same subject, the same risk');
  }
  assert.ok(
    counts.Low! > 1_000 && counts.Medium! > 300 && counts.High! > 150 && counts.Severe! > 80,
    JSON.stringify(counts),
  );
});

test('a review delay of 0 decides at once; a negative one is refused', async () => {
  const simulator = createAmlSimulator({
    now: () => new Date('2026-01-15T10:30:00Z'),
    reviewDelayMs: 0,
    newScreeningId: () => 'scr-1',
  });
  const screening = await simulator.screenWallet({ coin: 'BTC', subject: { type: 'address', id: 'bc1qsimulated5' } });
  assert.is(screening.status, 'denied');
  assert.equal(screening.completedAt, new Date('2026-01-15T10:30:00Z'));
  assert.throws(() => createAmlSimulator({ reviewDelayMs: -1 }), /reviewDelayMs must be a whole number >= 0, got -1/);
});

test('the factory: simulator without a URL, and a URL needs an API key', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger('info', sink);
  assert.is(createAmlProvider({ logger }).kind, 'simulator');
  assert.is(JSON.parse(lines[0]!).msg, 'AML provider: simulator (no URL configured)');
  assert.throws(
    () => createAmlProvider({ url: 'https://aml.example.org', logger }),
    /AML provider URL https:\/\/aml.example.org is configured but apiKey is missing: set AML_API_KEY/,
  );
  assert.is(createAmlProvider({ url: 'https://aml.example.org', apiKey: 'k'.repeat(32), logger }).kind, 'http');
  assert.is(JSON.parse(lines[1]!).origin, 'https://aml.example.org');
  assert.throws(
    () => createAmlProvider({ url: 'nope', apiKey: 'k', logger }),
    /AML provider URL is not a valid http\(s\) URL/,
  );
});

test.run();
