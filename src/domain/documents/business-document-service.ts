// The document mutations of the business API (schema.graphql `downloadInvoicePdf`,
// `downloadQuotePdf`, `generateFundUserAgreementPdf`, `downloadFundInvestorCapitalStatementPdf`;
// docs/documents.md#through-the-business-graphql-api): the REST routes' documents, from the same
// records, models and renderer, read within an API key's organization scope
// (organization-document-records.ts; docs/identity.md#organization-scope), as a PDF returned
// inline. A missing record and one out of the scope are the same NOT_FOUND; a PDF
// renderer that is missing, busy or failing is SERVICE_UNAVAILABLE in the payload, as is an
// upload storage that cannot be read.
import type { FundAgreementRecord, PersonRecord } from '../../access/documents/document-records.ts';
import type { OrganizationDocumentRecords } from '../../access/documents/organization-document-records.ts';
import { fitsIntegerRowId } from '../../access/integer-row-id.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { DocumentKind, DocumentModels, IssuerParty } from '../../documents/document-models.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { failed, type Outcome, succeeded } from '../outcomes/outcome.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';
import { unstorableText } from '../text/storable-text.ts';
import { computeCapitalStatement } from '../funds/capital-statement.ts';
import { statementPeriod } from '../funds/statement-period.ts';
import { invoiceModel, quoteModel } from './billing-models.ts';
import { capitalStatementModel } from './capital-statement-model.ts';
import { type DocumentFileView, documentFileView } from './document-file.ts';
import type { DocumentOutput } from './document-output.ts';
import { personName } from './document-parties.ts';
import { fundUserAgreementModel } from './fund-models.ts';
import { signatureDataUri } from './signature-image.ts';

/** schema.graphql `GenerateFundUserAgreementPdfInput`. */
export interface FundUserAgreementInput {
  fundId: number;
  investorUserId: string;
  includeCoverPage?: boolean | null;
  signatureFileId?: string | null;
}

/** schema.graphql `DownloadFundInvestorCapitalStatementPdfInput`. */
export interface CapitalStatementInput {
  fundId: number;
  investorUserId: string;
  periodStart: string;
  periodEnd: string;
}

export type DocumentOutcome = Outcome<{ document: DocumentFileView }>;

export interface BusinessDocumentDeps {
  records: OrganizationDocumentRecords;
  output: DocumentOutput;
  /** Where uploaded signature images are read from (docs/files.md#storage). */
  storage: Pick<FileStorage, 'open'>;
  issuer: IssuerParty;
  now?: () => Date;
}

/** app_user.id's CHECK (migration 0001). */
const userIdMaxLength = 255;

function idError(field: string, what: string, id: number): UserError[] {
  return Number.isInteger(id) && id >= 1 && fitsIntegerRowId(id)
    ? []
    : [userError('VALIDATION_FAILED', `${field} must be ${what} id: a whole number from 1`, field)];
}

function userIdError(userId: string): UserError[] {
  const problem = unstorableText(userId);
  if (problem) return [userError('VALIDATION_FAILED', `investorUserId ${problem}`, 'investorUserId')];
  if (userId === '' || [...userId].length > userIdMaxLength)
    return [
      userError(
        'VALIDATION_FAILED',
        `investorUserId must be a user id of 1 to ${userIdMaxLength} characters`,
        'investorUserId',
      ),
    ];
  return [];
}

/** A renderer or storage that cannot serve now is an expected failure of these mutations (schema.graphql `SERVICE_UNAVAILABLE`). */
async function unlessUnavailable(run: () => Promise<DocumentOutcome>): Promise<DocumentOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')
      return failed([userError('SERVICE_UNAVAILABLE', error.message)]);
    throw error;
  }
}

/** What the mutations share: the records, the renderer, the storage, the issuer and the clock. */
interface DocumentDesk {
  readonly records: OrganizationDocumentRecords;
  readonly output: DocumentOutput;
  readonly storage: Pick<FileStorage, 'open'>;
  readonly issuer: IssuerParty;
  readonly now: () => Date;
}

export function createBusinessDocumentService(deps: BusinessDocumentDeps) {
  const desk: DocumentDesk = {
    records: deps.records,
    output: deps.output,
    storage: deps.storage,
    issuer: deps.issuer,
    now: deps.now ?? (() => new Date()),
  };
  return {
    invoicePdf: (scope: OrganizationScope, input: { invoiceId: number }): Promise<DocumentOutcome> =>
      unlessUnavailable(() => invoicePdf(desk, scope, input.invoiceId)),
    quotePdf: (scope: OrganizationScope, input: { quoteDocumentId: number }): Promise<DocumentOutcome> =>
      unlessUnavailable(() => quotePdf(desk, scope, input.quoteDocumentId)),
    fundUserAgreementPdf: (scope: OrganizationScope, input: FundUserAgreementInput): Promise<DocumentOutcome> =>
      unlessUnavailable(() => fundUserAgreementPdf(desk, scope, input)),
    capitalStatementPdf: (scope: OrganizationScope, input: CapitalStatementInput): Promise<DocumentOutcome> =>
      unlessUnavailable(() => capitalStatementPdf(desk, scope, input)),
  };
}

/** The fund with its investor, or which of the two the scope does not find. */
async function agreementRecord(
  records: OrganizationDocumentRecords,
  scope: OrganizationScope,
  fundId: number,
  investorUserId: string,
): Promise<(FundAgreementRecord & { investor: PersonRecord }) | UserError> {
  if (!(await records.investorInScope(scope, investorUserId)))
    return userError('NOT_FOUND', `no investor ${investorUserId}`, 'investorUserId');
  const record = await records.fundAgreement(scope, fundId, investorUserId);
  if (!record?.investor) return userError('NOT_FOUND', `no fund ${fundId} for investor ${investorUserId}`, 'fundId');
  return { ...record, investor: record.investor };
}

async function pdf<K extends DocumentKind>(
  output: DocumentOutput,
  kind: K,
  model: DocumentModels[K],
  stem: string,
  at: Date,
): Promise<DocumentOutcome> {
  const rendered = await output.render(kind, model, 'pdf', stem);
  if (rendered.format !== 'pdf') throw new Error(`${kind} rendered as ${rendered.format}, not pdf`);
  return succeeded({ document: documentFileView(rendered, at) });
}

async function invoicePdf(desk: DocumentDesk, scope: OrganizationScope, invoiceId: number): Promise<DocumentOutcome> {
  const errors = idError('invoiceId', 'an invoice', invoiceId);
  if (errors.length > 0) return failed(errors);
  const record = await desk.records.invoice(scope, invoiceId);
  if (!record) return failed([userError('NOT_FOUND', `no invoice ${invoiceId}`, 'invoiceId')]);
  return pdf(desk.output, 'invoice', invoiceModel(record, desk.issuer), `invoice-${record.invoiceNumber}`, desk.now());
}

async function quotePdf(
  desk: DocumentDesk,
  scope: OrganizationScope,
  quoteDocumentId: number,
): Promise<DocumentOutcome> {
  const errors = idError('quoteDocumentId', 'a quote document', quoteDocumentId);
  if (errors.length > 0) return failed(errors);
  const record = await desk.records.quote(scope, quoteDocumentId);
  if (!record) return failed([userError('NOT_FOUND', `no quote document ${quoteDocumentId}`, 'quoteDocumentId')]);
  return pdf(desk.output, 'quote', quoteModel(record, desk.issuer), `quote-${record.quoteNumber}`, desk.now());
}

async function fundUserAgreementPdf(
  desk: DocumentDesk,
  scope: OrganizationScope,
  input: FundUserAgreementInput,
): Promise<DocumentOutcome> {
  const errors = [...idError('fundId', 'a fund', input.fundId), ...userIdError(input.investorUserId)];
  if (errors.length > 0) return failed(errors);
  const record = await agreementRecord(desk.records, scope, input.fundId, input.investorUserId);
  if ('code' in record) return failed([record]);
  const signature = input.signatureFileId
    ? await signatureDataUri({ records: desk.records, storage: desk.storage }, scope, input.signatureFileId)
    : null;
  if (signature !== null && typeof signature !== 'string') return failed([signature]);
  const at = desk.now();
  const model = {
    ...fundUserAgreementModel(record, desk.issuer, at.toISOString()),
    includeCoverPage: input.includeCoverPage === true,
    signature:
      signature === null ? null : { imageDataUri: signature, signerName: personName(record.investor), signedAt: null },
  };
  return pdf(desk.output, 'fund-user-agreement', model, `fund-user-agreement-${model.agreementReference}`, at);
}

async function capitalStatementPdf(
  desk: DocumentDesk,
  scope: OrganizationScope,
  input: CapitalStatementInput,
): Promise<DocumentOutcome> {
  const at = desk.now();
  const period = statementPeriod(input, at.toISOString().slice(0, 10));
  const errors = [
    ...idError('fundId', 'a fund', input.fundId),
    ...userIdError(input.investorUserId),
    ...(Array.isArray(period) ? period : []),
  ];
  if (errors.length > 0 || Array.isArray(period)) return failed(errors);
  const { fundId, investorUserId } = input;
  if (!(await desk.records.investorInScope(scope, investorUserId)))
    return failed([userError('NOT_FOUND', `no investor ${investorUserId}`, 'investorUserId')]);
  const ledger = await desk.records.fundCapital(scope, {
    fundId,
    investorUserId,
    periodStart: period.start,
    periodEnd: period.end,
  });
  if (!ledger)
    return failed([
      userError(
        'NOT_FOUND',
        `investor ${investorUserId} holds no capital in fund ${fundId} on or before ${period.end}`,
        'fundId',
      ),
    ]);
  const figures = computeCapitalStatement(ledger, period);
  const model = capitalStatementModel(ledger, figures, { issuer: desk.issuer, issuedAt: at.toISOString(), period });
  return pdf(desk.output, 'capital-statement', model, `capital-statement-${model.statementReference}`, at);
}

export type BusinessDocumentService = ReturnType<typeof createBusinessDocumentService>;
