// The KYC queries of the business API (schema.graphql Query.getPotentialKycProfiles and
// Query.sumsubQuestionnaireDataDecrypted, docs/kyc.md) from the KYC services. The root-field guard
// has already required the `kyc` scope; plaintext answers also need `kyc-decrypt`, which the
// decryption service checks once it knows the caller can see the profile. Neither is cached.
import type { QuestionnaireItemResolvers } from '../../../generated/graphql/resolver-types.ts';
import { apiKeyHasScope } from '../../access/principal.ts';
import type { ActingUserDirectory } from '../../domain/identity/acting-user.ts';
import type { KycCandidateService } from '../../domain/kyc/kyc-candidate-service.ts';
import {
  type QuestionnaireDecryptionService,
  kycDecryptScope,
} from '../../domain/kyc/questionnaire-decryption-service.ts';
import type { QuestionnaireItemView } from '../../domain/kyc/questionnaire-view.ts';
import { actingUserOf } from '../acting-user-of.ts';
import { businessCaller } from '../business-caller.ts';
import { callerScope } from '../caller-scope.ts';
import type { ImplementedResolvers } from '../implemented-resolvers.ts';

export interface KycServices {
  readonly candidates: KycCandidateService;
  readonly questionnaires: QuestionnaireDecryptionService;
  /** Who acts for the key (docs/identity.md#acting-user): every decryption is audited with them. */
  readonly users: ActingUserDirectory;
}

type KycResolvers = {
  Query: Pick<ImplementedResolvers['Query'], 'getPotentialKycProfiles' | 'sumsubQuestionnaireDataDecrypted'>;
  QuestionnaireItem: Required<Pick<QuestionnaireItemResolvers, '__resolveType'>>;
};

const itemTypes = {
  TEXT: 'QuestionnaireTextItem',
  DATE: 'QuestionnaireDateItem',
  COUNTRY: 'QuestionnaireCountryItem',
  MULTI_SELECT: 'QuestionnaireMultiSelectItem',
  FILES: 'QuestionnaireFilesItem',
} as const satisfies Record<QuestionnaireItemView['kind'], string>;

export function kycResolvers(kyc: KycServices): KycResolvers {
  return {
    Query: {
      getPotentialKycProfiles: (_parent, args, context) => kyc.candidates.candidates(args, callerScope(context)),
      sumsubQuestionnaireDataDecrypted: (_parent, { kycProfileId }, context) => {
        const key = businessCaller(context.principal, 'sumsubQuestionnaireDataDecrypted', 'kyc');
        return kyc.questionnaires.decrypted(kycProfileId, {
          apiKeyId: key.keyId,
          scope: callerScope(context),
          mayDecrypt: apiKeyHasScope(key, kycDecryptScope),
          requestId: context.requestId,
          actingUser: () => actingUserOf(context, kyc.users),
        });
      },
    },
    QuestionnaireItem: {
      __resolveType: (item) => itemTypes[(item as QuestionnaireItemView).kind],
    },
  };
}
