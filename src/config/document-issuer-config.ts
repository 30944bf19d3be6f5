// The platform operator printed as the issuer of every document (IssuerParty in
// src/documents/document-models.ts; docs/configuration.md#document-issuer): configuration, not a
// database row. With no DOCUMENT_ISSUER_* setting at all, a fictitious demo operator is used so a
// fresh install prints complete documents; once any setting is given, the demo values are dropped
// as a whole, so a real operator's invoices can never carry the demo bank account.

export interface DocumentIssuerConfig {
  readonly name: string;
  readonly addressLines: readonly string[];
  readonly countryCode: string | null;
  readonly vatId: string | null;
  readonly registrationNumber: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly bankAccount: {
    readonly accountHolder: string;
    readonly bankName: string;
    readonly iban: string;
    readonly bic: string;
  } | null;
  /** True when the fictitious demo operator below is in use. */
  readonly demo: boolean;
}

/** DEMO VALUES ONLY: a fictitious operator (the test fixtures' issuer), never for real documents. */
export const demoDocumentIssuer: DocumentIssuerConfig = {
  name: 'Example Wealth Platform AG',
  addressLines: ['Bahnhofstrasse 1', '8001 Zürich'],
  countryCode: 'CH',
  vatId: 'CHE-123.456.789 MWST',
  registrationNumber: 'CHE-123.456.789',
  email: 'billing@example.com',
  phone: null,
  bankAccount: {
    accountHolder: 'Example Wealth Platform AG',
    bankName: 'Example Bank AG',
    iban: 'CH93 0076 2011 6238 5295 7',
    bic: 'EXBKCHZZXXX',
  },
  demo: true,
};

const settingPrefix = 'DOCUMENT_ISSUER_';
const bankSettings = ['DOCUMENT_ISSUER_IBAN', 'DOCUMENT_ISSUER_BIC', 'DOCUMENT_ISSUER_BANK_NAME'] as const;

type Env = Record<string, string | undefined>;

export function readDocumentIssuer(env: Env, production: boolean, problems: string[]): DocumentIssuerConfig {
  const value = (name: string): string | null => {
    const raw = env[name]?.trim();
    return raw ? raw : null;
  };
  const anySet = Object.keys(env).some((name) => name.startsWith(settingPrefix) && value(name) !== null);
  if (!anySet) {
    if (production)
      problems.push(
        'DOCUMENT_ISSUER_NAME is required when NODE_ENV=production (documents would name the demo operator)',
      );
    return demoDocumentIssuer;
  }
  const name = value('DOCUMENT_ISSUER_NAME');
  if (!name) problems.push('DOCUMENT_ISSUER_NAME is required when any DOCUMENT_ISSUER_* setting is given');
  const countryCode = value('DOCUMENT_ISSUER_COUNTRY');
  if (countryCode !== null && !/^[A-Za-z]{2}$/.test(countryCode)) {
    problems.push(`DOCUMENT_ISSUER_COUNTRY must be an ISO 3166-1 alpha-2 code such as CH, got '${countryCode}'`);
  }
  return {
    name: name ?? '',
    addressLines: (value('DOCUMENT_ISSUER_ADDRESS') ?? '')
      .split(/\||\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    countryCode: countryCode?.toUpperCase() ?? null,
    vatId: value('DOCUMENT_ISSUER_VAT_ID'),
    registrationNumber: value('DOCUMENT_ISSUER_REGISTRATION'),
    email: value('DOCUMENT_ISSUER_EMAIL'),
    phone: value('DOCUMENT_ISSUER_PHONE'),
    bankAccount: readBankAccount(value, name, problems),
    demo: false,
  };
}

/** Payment instructions are printed whole or not at all: IBAN, BIC and bank name together. */
function readBankAccount(
  value: (name: string) => string | null,
  issuerName: string | null,
  problems: string[],
): DocumentIssuerConfig['bankAccount'] {
  const given = bankSettings.filter((name) => value(name) !== null);
  if (given.length === 0) {
    if (value('DOCUMENT_ISSUER_ACCOUNT_HOLDER') !== null)
      problems.push(`DOCUMENT_ISSUER_ACCOUNT_HOLDER needs ${bankSettings.join(', ')}`);
    return null;
  }
  if (given.length < bankSettings.length) {
    const missing = bankSettings.filter((name) => value(name) === null);
    problems.push(
      `${missing.join(', ')} must be set together with ${given.join(', ')} (the bank account is printed whole or not at all)`,
    );
    return null;
  }
  return {
    accountHolder: value('DOCUMENT_ISSUER_ACCOUNT_HOLDER') ?? issuerName ?? '',
    bankName: value('DOCUMENT_ISSUER_BANK_NAME') as string,
    iban: value('DOCUMENT_ISSUER_IBAN') as string,
    bic: value('DOCUMENT_ISSUER_BIC') as string,
  };
}
