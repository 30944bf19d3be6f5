// The AML screening port's contract (docs/providers.md#aml-screening), run against every
// implementation: the simulator in process, and the HTTP client talking to the simulator served
// over loopback. Subjects below were chosen for their simulated level; the results are exact.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import type { AmlProvider, AmlScreening } from '../../../src/providers/aml/aml-provider.ts';

export interface ContractSubject {
  provider: AmlProvider;
  /** Moves the clock the simulator behind `provider` reads. */
  setNow(time: Date): void;
  close(): Promise<void>;
}

/** The simulator is built with `newScreeningId` giving scr-1, scr-2, … and a 5-minute review. */
export type MakeSubject = () => Promise<ContractSubject>;

export const contractTime = new Date('2026-01-15T10:30:00.000Z');
const afterReview = new Date('2026-01-15T10:35:00.000Z');

export const subjects = {
  low: { coin: 'BTC', subject: { type: 'address', id: 'bc1qsimulated0' } },
  medium: { coin: 'BTC', subject: { type: 'address', id: 'bc1qsimulated4' } },
  high: { coin: 'BTC', subject: { type: 'address', id: 'bc1qsimulated5' } },
  severe: { coin: 'ETH', subject: { type: 'address', id: '0x7777777777777777777777777777777777777772' } },
  custodianWallet: { coin: 'BTC', subject: { type: 'custodianWallet', id: '5f2a9c0e1b3d4f6a7c8e9d0b' } },
} as const;

const lowResult = {
  riskLevel: 'Low',
  riskScore: 1.36,
  exposures: [
    { category: 'defi', exposureType: 'direct', usdValue: '158517.29', sharePerc: 55, riskLevel: 'Low' },
    { category: 'payment processor', exposureType: 'direct', usdValue: '129695.97', sharePerc: 45, riskLevel: 'Low' },
  ],
} as const;

export function amlContract(name: string, makeSubject: MakeSubject): void {
  const it = suite<{ subject?: ContractSubject }>(`AML contract: ${name}`, {});

  it.before.each(async (context) => {
    context.subject = await makeSubject();
    context.subject.setNow(contractTime);
  });
  it.after.each(async (context) => {
    await context.subject?.close();
  });

  it('a Low subject is auto-approved at once, with its score and exposures; the coin is case-insensitive', async ({
    subject,
  }) => {
    const screening = await subject!.provider.screenWallet({ ...subjects.low, coin: 'btc' });
    const expected: AmlScreening = {
      id: 'scr-1',
      coin: 'BTC',
      subject: { type: 'address', id: 'bc1qsimulated0' },
      status: 'auto-approved',
      ...lowResult,
      exposures: lowResult.exposures.map((exposure) => ({ ...exposure })),
      createdAt: contractTime,
      completedAt: contractTime,
    };
    assert.equal(screening, expected);
    assert.equal(await subject!.provider.getScreening('scr-1'), expected);
  });

  it('a Medium subject is pending without results until the review, then approved', async ({ subject }) => {
    const started = await subject!.provider.screenWallet(subjects.medium);
    const pending: AmlScreening = {
      id: 'scr-1',
      coin: 'BTC',
      subject: { type: 'address', id: 'bc1qsimulated4' },
      status: 'pending',
      riskLevel: null,
      riskScore: null,
      exposures: [],
      createdAt: contractTime,
      completedAt: null,
    };
    assert.equal(started, pending);
    subject!.setNow(new Date(afterReview.getTime() - 1));
    assert.equal(await subject!.provider.getScreening('scr-1'), pending);
    subject!.setNow(afterReview);
    assert.equal(await subject!.provider.getScreening('scr-1'), {
      ...pending,
      status: 'approved',
      riskLevel: 'Medium',
      riskScore: 4.47,
      exposures: [
        {
          category: 'p2p exchange',
          exposureType: 'direct',
          usdValue: '195902.62',
          sharePerc: 6.85,
          riskLevel: 'Medium',
        },
        { category: 'custodian', exposureType: 'direct', usdValue: '2663989.77', sharePerc: 93.15, riskLevel: 'Low' },
      ],
      completedAt: afterReview,
    });
  });

  it('High and Severe subjects are denied after the review, highest risk first', async ({ subject }) => {
    await subject!.provider.screenWallet(subjects.high);
    await subject!.provider.screenWallet(subjects.severe);
    subject!.setNow(afterReview);
    const high = await subject!.provider.getScreening('scr-1');
    assert.equal(
      { status: high?.status, riskLevel: high?.riskLevel, riskScore: high?.riskScore, first: high?.exposures[0] },
      {
        status: 'denied',
        riskLevel: 'High',
        riskScore: 6.43,
        first: {
          category: 'mixing',
          exposureType: 'direct',
          usdValue: '110363.60',
          sharePerc: 9.08,
          riskLevel: 'High',
        },
      },
    );
    const severe = await subject!.provider.getScreening('scr-2');
    assert.equal(severe, {
      id: 'scr-2',
      coin: 'ETH',
      subject: { type: 'address', id: '0x7777777777777777777777777777777777777772' },
      status: 'denied',
      riskLevel: 'Severe',
      riskScore: 8.83,
      exposures: [
        { category: 'sanctions', exposureType: 'direct', usdValue: '393208.53', sharePerc: 9.94, riskLevel: 'Severe' },
        { category: 'defi', exposureType: 'indirect', usdValue: '3562611.79', sharePerc: 90.06, riskLevel: 'Low' },
      ],
      createdAt: contractTime,
      completedAt: afterReview,
    });
  });

  it('a custodian wallet id is a subject too; screening a subject again gives a new id and the same risk', async ({
    subject,
  }) => {
    const first = await subject!.provider.screenWallet(subjects.custodianWallet);
    const second = await subject!.provider.screenWallet(subjects.custodianWallet);
    assert.equal([first.id, second.id], ['scr-1', 'scr-2']);
    assert.equal(first.subject, { type: 'custodianWallet', id: '5f2a9c0e1b3d4f6a7c8e9d0b' });
    assert.equal({ ...second, id: 'scr-1' }, first);
    assert.equal(
      { status: first.status, riskLevel: first.riskLevel, riskScore: first.riskScore, exposures: first.exposures },
      {
        status: 'auto-approved',
        riskLevel: 'Low',
        riskScore: 1.61,
        exposures: [
          { category: 'exchange', exposureType: 'indirect', usdValue: '3730284.40', sharePerc: 100, riskLevel: 'Low' },
        ],
      },
    );
  });

  it('an unknown or malformed screening id is null', async ({ subject }) => {
    assert.is(await subject!.provider.getScreening('scr-404'), null);
    assert.is(await subject!.provider.getScreening('../scr-1'), null);
    assert.is(await subject!.provider.getScreening(''), null);
  });

  it('a request that cannot be screened is BAD_REQUEST naming each bad field', async ({ subject }) => {
    try {
      await subject!.provider.screenWallet({ coin: 'bit coin', subject: { type: 'address', id: 'bc1 q' } });
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, AppError);
      assert.is((error as AppError).code, 'BAD_REQUEST');
      assert.equal(
        (error as AppError).details?.map((detail) => detail.path),
        ['coin', 'subject.id'],
      );
      assert.is(
        (error as AppError).message,
        'invalid AML screening request: coin must be a coin symbol of 1 to 15 letters or digits; subject.id must be 1 to 128 letters, digits or the characters : . _ -',
      );
    }
    try {
      await subject!.provider.screenWallet({ coin: 'BTC', subject: { type: 'iban' as 'address', id: 'x' } });
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.is(
        (error as AppError).message,
        'invalid AML screening request: subject.type must be one of address, custodianWallet',
      );
    }
  });

  it.run();
}
