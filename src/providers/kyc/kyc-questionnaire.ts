// Questionnaires as the KYC provider port hands them over (docs/domain.md#kyc, docs/kyc.md): an
// applicant's filled-in questionnaires, sections of items in display order, each item one answer
// kind (schema.graphql `QuestionnaireItemKind`). The platform stores exactly this, encrypted
// (docs/kyc.md#encryption).

export interface KycQuestionnaireOption {
  value: string;
  label: string;
}

/** A file attached to an answer: a document of one of the applicant's provider inspections. */
export interface KycQuestionnaireFile {
  /** The provider's resource (image) id, also the platform's KYC document id. */
  providerFileId: string;
  /** The inspection holding the file (docs/identity.md#kyc-document-links). */
  inspectionId: string;
  fileName: string | null;
  contentType: string | null;
}

interface ItemBase {
  id: string;
  title: string | null;
}

export type KycQuestionnaireItem =
  | (ItemBase & { kind: 'TEXT'; textValue: string | null })
  | (ItemBase & { kind: 'DATE'; dateValue: string | null })
  | (ItemBase & { kind: 'COUNTRY'; countryCode: string | null })
  | (ItemBase & {
      kind: 'MULTI_SELECT';
      selectedOptions: KycQuestionnaireOption[];
      options: KycQuestionnaireOption[];
    })
  | (ItemBase & { kind: 'FILES'; files: KycQuestionnaireFile[] });

export interface KycQuestionnaireSection {
  id: string;
  title: string | null;
  items: KycQuestionnaireItem[];
}

export interface KycQuestionnaire {
  /** The provider's questionnaire id, e.g. `sof_questionnaire`. */
  id: string;
  title: string | null;
  sections: KycQuestionnaireSection[];
  /** ISO 8601 UTC; null when the provider does not say. */
  submittedAt: string | null;
}
