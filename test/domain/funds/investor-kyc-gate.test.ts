// The KYC gate of fund dealing (src/domain/funds/investor-kyc-gate.ts; docs/funds.md#the-kyc-gate):
// only a latest review completed GREEN admits dealing; every other state of docs/domain.md#kyc, RED
// with either reject type, and no profile at all are refused with KYC_NOT_APPROVED, naming why.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertKycApproved, kycRefusal } from '../../../src/domain/funds/investor-kyc-gate.ts';
import { UserFailure } from '../../../src/domain/outcomes/user-failure.ts';
import type { KycReviewRecord } from '../../../src/records/kyc/kyc-review-table.ts';

const rule = 'fund requests are processed only for investors whose KYC review is completed GREEN';
const review = (
  reviewStatus: KycReviewRecord['reviewStatus'],
  reviewAnswer: KycReviewRecord['reviewAnswer'] = null,
  rejectType: KycReviewRecord['rejectType'] = null,
): KycReviewRecord => ({
  reviewStatus,
  reviewAnswer,
  rejectType,
});

test('completed GREEN admits; nothing else does', () => {
  assert.is(kycRefusal(review('completed', 'GREEN'), 'demo-erin'), null);
  assert.equal(
    [
      kycRefusal(null, 'demo-olivia'),
      kycRefusal(review('completed', 'RED', 'RETRY'), 'demo-heidi'),
      kycRefusal(review('completed', 'RED', 'FINAL'), 'demo-heidi'),
      kycRefusal(review('completed'), 'demo-heidi'),
    ],
    [
      `demo-olivia has no KYC profile: ${rule}`,
      `demo-heidi's KYC review was completed RED (RETRY): ${rule}`,
      `demo-heidi's KYC review was completed RED (FINAL): ${rule}`,
      `demo-heidi's KYC review was completed with no answer: ${rule}`,
    ],
  );
  for (const status of [
    'init',
    'pending',
    'prechecked',
    'queued',
    'onHold',
    'awaitingService',
    'awaitingUser',
  ] as const)
    assert.is(kycRefusal(review(status, 'GREEN'), 'demo-judy'), `demo-judy's KYC review is ${status}: ${rule}`);
});

test('assertKycApproved throws KYC_NOT_APPROVED naming the field', () => {
  assertKycApproved(review('completed', 'GREEN'), 'demo-erin', 'subscriptionId');
  try {
    assertKycApproved(review('pending'), 'demo-judy', 'redemptionId');
    assert.unreachable('refused');
  } catch (error) {
    assert.instance(error, UserFailure);
    assert.equal((error as UserFailure).errors, [
      { code: 'KYC_NOT_APPROVED', message: `demo-judy's KYC review is pending: ${rule}`, field: ['redemptionId'] },
    ]);
  }
});

test.run();
