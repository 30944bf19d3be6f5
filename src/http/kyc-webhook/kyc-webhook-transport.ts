// POST /webhooks/kyc (openapi.yaml receiveKycWebhook, docs/kyc.md#webhooks): served as a transport
// of its own, because the digest covers the raw bytes and must be checked before anything parses
// them, which the router's JSON handling would do first. The router has already refused a
// missing digest header, a compressed body and a declared length over the limit; here the body
// is read (bounded), verified (401), and only then parsed and validated against the spec.
import type { Middleware } from 'koa';
import type { KycWebhookService } from '../../domain/kyc/kyc-webhook-service.ts';
import { AppError } from '../../errors/app-error.ts';
import type { HttpState } from '../koa-state.ts';
import { writeRestErrorBody } from '../middleware/error-body.ts';
import { jsonBodyLimitBytes } from '../../request-envelope/body-limit.ts';
import { type BodyLimit, readBody } from '../../request-envelope/read-body.ts';
import type { Transport } from '../router.ts';
import { validateJsonBody } from '../validate-request.ts';

/** The webhook's raw bytes, at most the JSON body limit: past it 413, the connection cut. */
const webhookBodyLimit: BodyLimit = {
  bytes: jsonBodyLimitBytes,
  tooLarge: () =>
    new AppError('PAYLOAD_TOO_LARGE', `Too large: the request body may be at most ${jsonBodyLimitBytes} bytes`),
  cut: true,
};

export function kycWebhookTransport(webhooks: KycWebhookService): Transport {
  const serve: Middleware<HttpState> = async (ctx) => {
    const rawBody = await readBody(ctx.req, webhookBodyLimit);
    webhooks.verify(rawBody, {
      digest: ctx.get('x-payload-digest') || undefined,
      algorithm: ctx.get('x-payload-digest-alg') || undefined,
    });
    if (ctx.request.type !== 'application/json')
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported content type ${ctx.get('content-type').slice(0, 64) || 'none'}: the webhook body must be application/json`,
      );
    const event = parseEvent(rawBody);
    validateJsonBody('receiveKycWebhook', event);
    const outcome = await webhooks.receive(rawBody, event as { type: string; applicantId?: string });
    ctx.status = 200;
    ctx.body = { success: true, outcome };
  };
  return { serve, writeErrorBody: writeRestErrorBody };
}

function parseEvent(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', 'request body is not valid JSON: send a JSON object');
  }
}
