// The business operations that record a person (docs/identity.md#acting-user): their resolvers
// resolve an acting user and record them (creator, sender, decider, trader, auditor's actor).
// Each needs an entry in permissions.yaml business_operations naming who may call it
// (docs/identity.md#operation-roles); `access lint` reports one without (operation-without-roles).
import type { RootFieldName } from '../../../generated/permissions/business-operations.ts';

export const personRecordingOperations = [
  'createDigitalWallet',
  'createDigitalWalletAddress',
  'addDigitalWalletWhitelistEntry',
  'removeDigitalWalletWhitelistEntry',
  'runDigitalWalletAmlReport',
  'unfreezeDigitalWallet',
  'bitgoSendTransaction',
  'bitgoResolveApproval',
  'requestOtcQuote',
  'requestOtcTrade',
  'cancelFundSubscription',
  'cancelFundRedemption',
  'processFundSubscription',
  'processFundRedemption',
  'sumsubQuestionnaireDataDecrypted',
] as const satisfies readonly RootFieldName[];
