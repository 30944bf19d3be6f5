// Request signature of the Sumsub-like KYC provider (docs/domain.md#kyc):
// lowercase hex HMAC-SHA256 of `ts + METHOD + path-with-query + body`.
import { createHmac } from 'node:crypto';

export interface KycRequestToSign {
  /** Unix seconds, the value sent as `X-App-Access-Ts`. */
  ts: number;
  method: string;
  /** Exactly the path and query sent on the wire, e.g. `/resources/accessTokens?userId=a&levelName=b`. */
  pathWithQuery: string;
  body: string;
}

export function signKycRequest(secretKey: string, request: KycRequestToSign): string {
  return createHmac('sha256', secretKey)
    .update(`${request.ts}${request.method.toUpperCase()}${request.pathWithQuery}${request.body}`, 'utf8')
    .digest('hex');
}
