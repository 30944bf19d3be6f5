// Questionnaire answers of four demo KYC profiles (docs/demo-data.md, docs/kyc.md): Erin's
// source-of-funds questionnaire (every answer kind, her passport and utility bill attached),
// Heidi's (rejected for a retry), Alice's, half filled in while she is asked for more, and
// Grace's two for the enhanced level. They are plaintext only here: the seed stores them sealed
// with the service's current KYC data key (seal-demo-questionnaires.ts); the other profiles have
// none. The shapes are those of the KYC provider port (src/providers/kyc/kyc-questionnaire.ts).
import { demoTime } from './demo-clock.ts';
import { demoHex } from './demo-fake-values.ts';
import { demoUuid } from './demo-ids.ts';

export interface DemoQuestionnaireOption {
  value: string;
  label: string;
}

export type DemoQuestionnaireItem = { id: string; title: string | null } & (
  | { kind: 'TEXT'; textValue: string | null }
  | { kind: 'DATE'; dateValue: string | null }
  | { kind: 'COUNTRY'; countryCode: string | null }
  | { kind: 'MULTI_SELECT'; selectedOptions: DemoQuestionnaireOption[]; options: DemoQuestionnaireOption[] }
  | {
      kind: 'FILES';
      files: { providerFileId: string; inspectionId: string; fileName: string | null; contentType: string | null }[];
    }
);

export interface DemoQuestionnaire {
  id: string;
  title: string | null;
  sections: { id: string; title: string | null; items: DemoQuestionnaireItem[] }[];
  submittedAt: string | null;
}

const sourceOptions: DemoQuestionnaireOption[] = [
  { value: 'salary', label: 'Salary' },
  { value: 'business', label: 'Business income' },
  { value: 'inheritance', label: 'Inheritance' },
  { value: 'investments', label: 'Investments' },
  { value: 'sale_of_property', label: 'Sale of property' },
];
const option = (value: string) => sourceOptions.find((candidate) => candidate.value === value)!;
const inspectionOf = (profileN: number) => demoHex(`inspection-${profileN}`, 24);

function sourceOfFunds(spec: {
  occupation: string | null;
  employer: string | null;
  birthDate: string | null;
  residence: string | null;
  sources: string[];
  files: DemoQuestionnaireItem & { kind: 'FILES' };
  submittedAt: Date | null;
}): DemoQuestionnaire {
  return {
    id: 'sof_questionnaire',
    title: 'Source of funds',
    submittedAt: spec.submittedAt?.toISOString() ?? null,
    sections: [
      {
        id: 'personal',
        title: 'About you',
        items: [
          { id: 'occupation', title: 'Occupation', kind: 'TEXT', textValue: spec.occupation },
          { id: 'employer', title: 'Employer', kind: 'TEXT', textValue: spec.employer },
          { id: 'birth_date', title: 'Date of birth', kind: 'DATE', dateValue: spec.birthDate },
          { id: 'tax_residence', title: 'Country of tax residence', kind: 'COUNTRY', countryCode: spec.residence },
        ],
      },
      {
        id: 'funds',
        title: 'Origin of the assets',
        items: [
          {
            id: 'sources',
            title: 'Where do the assets come from?',
            kind: 'MULTI_SELECT',
            selectedOptions: spec.sources.map(option),
            options: sourceOptions,
          },
          spec.files,
        ],
      },
    ],
  };
}

function evidence(profileN: number, documents: [number, string, string][]): DemoQuestionnaireItem & { kind: 'FILES' } {
  return {
    id: 'evidence',
    title: 'Evidence of the source of funds',
    kind: 'FILES',
    files: documents.map(([documentN, fileName, contentType]) => ({
      providerFileId: demoUuid('kycDocument', documentN),
      inspectionId: inspectionOf(profileN),
      fileName,
      contentType,
    })),
  };
}

const politicalExposure: DemoQuestionnaire = {
  id: 'pep_questionnaire',
  title: 'Politically exposed persons',
  submittedAt: demoTime(-28, 11).toISOString(),
  sections: [
    {
      id: 'pep',
      title: 'Public functions',
      items: [
        {
          id: 'pep_status',
          title: 'Do you hold, or have you held, a prominent public function?',
          kind: 'MULTI_SELECT',
          selectedOptions: [{ value: 'none', label: 'No' }],
          options: [
            { value: 'none', label: 'No' },
            { value: 'self', label: 'Yes, myself' },
            { value: 'relative', label: 'A close family member or associate does' },
          ],
        },
        { id: 'pep_details', title: 'Details', kind: 'TEXT', textValue: null },
      ],
    },
  ],
};

/** Questionnaires by demo KYC profile number (`demoUuid('kycProfile', n)`). */
export const demoQuestionnairesByProfile: ReadonlyMap<number, readonly DemoQuestionnaire[]> = new Map([
  [
    1,
    [
      sourceOfFunds({
        occupation: 'Portfolio manager',
        employer: 'Aurora Family Office AG',
        birthDate: '1984-06-12',
        residence: 'CHE',
        sources: ['salary', 'investments'],
        files: evidence(1, [
          [1, 'passport-erin-fischer.png', 'image/png'],
          [2, 'utility-bill-2025-02.png', 'image/png'],
        ]),
        submittedAt: demoTime(-308, 12),
      }),
    ],
  ],
  [
    2,
    [
      sourceOfFunds({
        occupation: 'Company director',
        employer: 'Brennan Holdings Ltd',
        birthDate: '1979-11-03',
        residence: 'IRL',
        sources: ['business', 'sale_of_property'],
        files: evidence(2, [[3, 'passport-heidi-brennan.png', 'image/png']]),
        submittedAt: demoTime(-19, 12),
      }),
    ],
  ],
  [
    3,
    [
      sourceOfFunds({
        occupation: 'Family office principal',
        employer: null,
        birthDate: '1971-02-27',
        residence: null,
        sources: [],
        files: evidence(3, []),
        submittedAt: null,
      }),
    ],
  ],
  [
    5,
    [
      sourceOfFunds({
        occupation: 'Managing director',
        employer: 'Meridian Digital Assets Ltd',
        birthDate: '1976-09-18',
        residence: 'GBR',
        sources: ['business', 'inheritance'],
        files: evidence(5, [[8, 'passport-grace-whitfield.png', 'image/png']]),
        submittedAt: demoTime(-28, 10),
      }),
      politicalExposure,
    ],
  ],
]);
