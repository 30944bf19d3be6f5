// Reads the provider's applicant answer (`GET /resources/applicants/{applicantId}/one`,
// docs/kyc.md#provider-wire-shape) into the port's KycApplicant. Questionnaire answers are personal
// data: a failure names the field by its path and what was expected, and never quotes a value.
import type { KycApplicant, KycApplicantReview } from './kyc-applicant.ts';
import { kycReviewStatuses } from './kyc-applicant.ts';
import type {
  KycQuestionnaire,
  KycQuestionnaireFile,
  KycQuestionnaireItem,
  KycQuestionnaireOption,
  KycQuestionnaireSection,
} from './kyc-questionnaire.ts';

/** An answer that breaks the wire shape, by the path of the field (`$.questionnaires[0].id`). */
export class ApplicantShapeError extends Error {
  constructor(path: string, expected: string) {
    super(`${path} must be ${expected}`);
    this.name = 'ApplicantShapeError';
  }
}

const maxIdLength = 200;
const maxTextLength = 10_000;

export function readKycApplicant(value: unknown): KycApplicant {
  const applicant = record(value, '$');
  return {
    applicantId: text(applicant.id, '$.id', maxIdLength),
    review: readReview(applicant.review),
    questionnaires: list(applicant.questionnaires ?? [], '$.questionnaires').map(readQuestionnaire),
  };
}

function readReview(value: unknown): KycApplicantReview {
  const review = record(value, '$.review');
  const status = kycReviewStatuses.find((candidate) => candidate === review.reviewStatus);
  if (!status) throw new ApplicantShapeError('$.review.reviewStatus', `one of ${kycReviewStatuses.join(', ')}`);
  if (status !== 'completed') return { status, answer: null, rejectType: null, rejectLabels: [] };
  const result = record(review.reviewResult, '$.review.reviewResult');
  const answer = oneOf(result.reviewAnswer, '$.review.reviewResult.reviewAnswer', ['GREEN', 'RED'] as const);
  if (answer === 'GREEN') return { status, answer, rejectType: null, rejectLabels: [] };
  return {
    status,
    answer,
    rejectType: oneOf(result.reviewRejectType, '$.review.reviewResult.reviewRejectType', ['FINAL', 'RETRY'] as const),
    rejectLabels: list(result.rejectLabels ?? [], '$.review.reviewResult.rejectLabels').map((label, index) =>
      text(label, `$.review.reviewResult.rejectLabels[${index}]`, maxIdLength),
    ),
  };
}

function readQuestionnaire(value: unknown, index: number): KycQuestionnaire {
  const path = `$.questionnaires[${index}]`;
  const questionnaire = record(value, path);
  const submittedAt = optionalText(questionnaire.submittedAt, `${path}.submittedAt`, 40);
  if (submittedAt !== null && Number.isNaN(Date.parse(submittedAt)))
    throw new ApplicantShapeError(`${path}.submittedAt`, 'an ISO 8601 date-time');
  return {
    id: text(questionnaire.id, `${path}.id`, maxIdLength),
    title: optionalText(questionnaire.title, `${path}.title`, maxTextLength),
    sections: list(questionnaire.sections, `${path}.sections`).map((section, at) =>
      readSection(section, `${path}.sections[${at}]`),
    ),
    submittedAt: submittedAt === null ? null : new Date(submittedAt).toISOString(),
  };
}

function readSection(value: unknown, path: string): KycQuestionnaireSection {
  const section = record(value, path);
  return {
    id: text(section.id, `${path}.id`, maxIdLength),
    title: optionalText(section.title, `${path}.title`, maxTextLength),
    items: list(section.items, `${path}.items`).map((item, at) => readItem(item, `${path}.items[${at}]`)),
  };
}

const itemTypes = ['text', 'date', 'country', 'multiSelect', 'files'] as const;

function readItem(value: unknown, path: string): KycQuestionnaireItem {
  const item = record(value, path);
  const base = {
    id: text(item.id, `${path}.id`, maxIdLength),
    title: optionalText(item.title, `${path}.title`, maxTextLength),
  };
  switch (oneOf(item.type, `${path}.type`, itemTypes)) {
    case 'text':
      return { ...base, kind: 'TEXT', textValue: optionalText(item.value, `${path}.value`, maxTextLength) };
    case 'date': {
      const date = optionalText(item.value, `${path}.value`, 10);
      if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw new ApplicantShapeError(`${path}.value`, 'a YYYY-MM-DD date');
      return { ...base, kind: 'DATE', dateValue: date };
    }
    case 'country': {
      const country = optionalText(item.value, `${path}.value`, 3);
      if (country !== null && !/^[A-Z]{3}$/.test(country))
        throw new ApplicantShapeError(`${path}.value`, 'an ISO 3166-1 alpha-3 country code');
      return { ...base, kind: 'COUNTRY', countryCode: country };
    }
    case 'multiSelect':
      return { ...base, kind: 'MULTI_SELECT', ...readSelection(item, path) };
    case 'files':
      return {
        ...base,
        kind: 'FILES',
        files: list(item.files ?? [], `${path}.files`).map((file, at) => readFile(file, `${path}.files[${at}]`)),
      };
  }
}

/** `values` are option values; each must be one of `options`, whose labels the answer keeps. */
function readSelection(item: Record<string, unknown>, path: string) {
  const options = list(item.options, `${path}.options`).map((option, at): KycQuestionnaireOption => {
    const entry = record(option, `${path}.options[${at}]`);
    return {
      value: text(entry.value, `${path}.options[${at}].value`, maxIdLength),
      label: text(entry.label, `${path}.options[${at}].label`, maxTextLength),
    };
  });
  const selectedOptions = list(item.values ?? [], `${path}.values`).map((value, at) => {
    const option = options.find((candidate) => candidate.value === value);
    if (!option) throw new ApplicantShapeError(`${path}.values[${at}]`, `the value of one of ${path}.options`);
    return option;
  });
  return { selectedOptions, options };
}

function readFile(value: unknown, path: string): KycQuestionnaireFile {
  const file = record(value, path);
  return {
    providerFileId: text(file.imageId, `${path}.imageId`, maxIdLength),
    inspectionId: text(file.inspectionId, `${path}.inspectionId`, maxIdLength),
    fileName: optionalText(file.fileName, `${path}.fileName`, 255),
    contentType: optionalText(file.mimeType, `${path}.mimeType`, 100),
  };
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApplicantShapeError(path, 'an object');
  return value as Record<string, unknown>;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ApplicantShapeError(path, 'an array');
  return value;
}

function text(value: unknown, path: string, maxLength: number): string {
  if (typeof value !== 'string' || value === '' || value.length > maxLength)
    throw new ApplicantShapeError(path, `a string of 1 to ${maxLength} characters`);
  return value;
}

function optionalText(value: unknown, path: string, maxLength: number): string | null {
  return value === undefined || value === null ? null : text(value, path, maxLength);
}

function oneOf<const T extends string>(value: unknown, path: string, values: readonly T[]): T {
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new ApplicantShapeError(path, `one of ${values.join(', ')}`);
  return found;
}
