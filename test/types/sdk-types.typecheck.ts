// Compile-only proof of the SDK's types (docs/sdk.md#errors, docs/sdk.md#graphql): `npm run
// typecheck` fails if any line marked @ts-expect-error compiles. A switch over an operation's
// error union is exhaustive only when it handles every declared status; codes are those of the
// status; Decimal is not any string; variables are checked. Nothing here runs.
import {
  CoinPriceDocument,
  type Decimal,
  type PlatformClient,
  type RestOperations,
  type ResultOf,
  decimal,
} from '../../sdk/src/index.ts';

type SessionError = RestOperations['getSession']['error'];

export function exhaustive(error: SessionError): string {
  switch (error.status) {
    case 401:
    case 429:
    case 500:
    case 501:
    case 503:
      return error.code;
    default:
      return ((unhandled: never) => unhandled)(error);
  }
}

export function missingStatus(error: SessionError): string {
  switch (error.status) {
    case 401:
    case 429:
    case 500:
    case 501:
      return error.code;
    default:
      // @ts-expect-error 503 is not handled, so `error` is not `never` here
      return ((unhandled: never) => unhandled)(error);
  }
}

export function codeOfStatus(error: SessionError): boolean {
  if (error.status !== 401) return false;
  // @ts-expect-error a 401 carries UNAUTHENTICATED only (docs/error-codes.md)
  return error.code === 'NOT_FOUND';
}

type Price = NonNullable<ResultOf<typeof CoinPriceDocument>['coinPrice']>;
export const exact: Decimal = decimal('94250.12');
// @ts-expect-error a plain string is not a Decimal: decimal() checks it first
export const plain: Decimal = '94250.12';
// @ts-expect-error prices are exact strings, never numbers
export const float: number = ({} as Price).usdPrice;
export const updated: Date = ({} as Price).updatedAt;

export async function variables(client: PlatformClient): Promise<void> {
  await client.graphql.request(CoinPriceDocument, { symbol: 'BTC' });
  // @ts-expect-error symbol is required
  await client.graphql.request(CoinPriceDocument, {});
  // @ts-expect-error format is html or pdf
  await client.rest.getInvoiceDocument({ path: { invoiceId: 1 }, query: { format: 'docx' } });
  const pdf = await client.rest.getInvoiceDocument({ path: { invoiceId: 1 } }, { as: 'stream' });
  if (pdf.data) {
    const stream: ReadableStream<Uint8Array> = pdf.data;
    void stream;
  }
}
