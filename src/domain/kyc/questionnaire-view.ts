// Decrypted questionnaires as the business API answers them (schema.graphql
// `SumsubQuestionnaireData`): the stored answers as they are, except that each attached file gets
// a short-lived signed link to the KYC document route (docs/identity.md#kyc-document-links).
import type { KycQuestionnaire, KycQuestionnaireItem } from '../../providers/kyc/kyc-questionnaire.ts';
import type { KycDocumentTokens } from '../identity/kyc-document-tokens.ts';

export interface QuestionnaireFileView {
  providerFileId: string;
  fileName: string | null;
  contentType: string | null;
  downloadUrl: string;
  downloadUrlExpiresAt: string;
}

export type QuestionnaireItemView =
  | Exclude<KycQuestionnaireItem, { kind: 'FILES' }>
  | { kind: 'FILES'; id: string; title: string | null; files: QuestionnaireFileView[] };

export interface QuestionnaireView {
  id: string;
  title: string | null;
  sections: { id: string; title: string | null; items: QuestionnaireItemView[] }[];
  submittedAt: string | null;
}

export interface SumsubQuestionnaireDataView {
  kycProfileId: string;
  questionnaires: QuestionnaireView[];
  decryptedAt: string;
}

export async function questionnaireViews(
  questionnaires: readonly KycQuestionnaire[],
  links: Pick<KycDocumentTokens, 'issueKycDocumentToken'>,
): Promise<QuestionnaireView[]> {
  return Promise.all(
    questionnaires.map(async (questionnaire) => ({
      id: questionnaire.id,
      title: questionnaire.title,
      submittedAt: questionnaire.submittedAt,
      sections: await Promise.all(
        questionnaire.sections.map(async (section) => ({
          id: section.id,
          title: section.title,
          items: await Promise.all(section.items.map((item) => itemView(item, links))),
        })),
      ),
    })),
  );
}

async function itemView(
  item: KycQuestionnaireItem,
  links: Pick<KycDocumentTokens, 'issueKycDocumentToken'>,
): Promise<QuestionnaireItemView> {
  if (item.kind !== 'FILES') return item;
  const files = await Promise.all(
    item.files.map(async (file) => {
      const link = await links.issueKycDocumentToken({
        inspectionId: file.inspectionId,
        documentId: file.providerFileId,
      });
      return {
        providerFileId: file.providerFileId,
        fileName: file.fileName,
        contentType: file.contentType,
        downloadUrl: link.url,
        downloadUrlExpiresAt: link.expiresAt.toISOString(),
      };
    }),
  );
  return { kind: 'FILES', id: item.id, title: item.title, files };
}
