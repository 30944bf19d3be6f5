// Parties as the documents print them (document-models.ts): the issuer from configuration,
// organizations and people from their records.
import type { OrganizationRecord, PersonRecord } from '../../records/documents/document-tables.ts';
import type { DocumentIssuerConfig } from '../../config/document-issuer-config.ts';
import type { IssuerParty, OrganizationParty, PersonParty } from '../../documents/document-models.ts';

export function issuerParty(config: DocumentIssuerConfig): IssuerParty {
  return {
    name: config.name,
    addressLines: [...config.addressLines],
    countryCode: config.countryCode,
    vatId: config.vatId,
    registrationNumber: config.registrationNumber,
    email: config.email,
    phone: config.phone,
    bankAccount: config.bankAccount ? { ...config.bankAccount } : null,
  };
}

/** The schema holds no postal address for organizations yet, so no address lines. */
export function organizationParty(record: OrganizationRecord): OrganizationParty {
  return { name: record.name, countryCode: record.countryCode, addressLines: [] };
}

/** First and last name joined, or the email when both are missing (document-models.ts PersonParty). */
export function personName(record: PersonRecord): string {
  return [record.firstName, record.lastName].filter((part) => part && part.trim()).join(' ') || record.email;
}

export function personParty(record: PersonRecord): PersonParty {
  return { name: personName(record), email: record.email };
}

export function optionalPersonParty(record: PersonRecord | null): PersonParty | null {
  return record ? personParty(record) : null;
}
