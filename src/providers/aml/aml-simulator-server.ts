// Serves an AML provider (normally the simulator) over loopback HTTP in the REST shape the HTTP
// client speaks (docs/providers.md#aml-screening), checking the bearer API key as the provider
// would, so the client's tests run against the simulator and a developer can point AML_URL at it.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors/app-error.ts';
import { isRecord } from '../http-json/json-fields.ts';
import { type JsonServer, type JsonServerReply, serveJson } from '../http-json/serve-json.ts';
import type { AmlProvider, AmlScreening } from './aml-provider.ts';

export const screeningsPath = '/v1/screenings';

export function serveAml(
  source: AmlProvider,
  options: { apiKey: string; host?: string; port?: number },
): Promise<JsonServer> {
  const expected = Buffer.from(`Bearer ${options.apiKey}`, 'utf8');
  const authorized = (header: string | undefined) => {
    const presented = Buffer.from(header ?? '', 'utf8');
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  };
  return serveJson(async (request): Promise<JsonServerReply> => {
    if (!authorized(request.headers.authorization)) return failure(401, 'unauthorized', 'missing or invalid API key');
    if (request.path === screeningsPath) {
      if (request.method !== 'POST') return failure(405, 'method_not_allowed', 'use POST');
      if (!isRecord(request.json) || !isRecord(request.json.subject)) {
        return failure(400, 'invalid_request', 'the body must be {asset, subject: {type, id}}');
      }
      const { asset, subject } = request.json;
      try {
        const screening = await source.screenWallet({
          coin: asset as string,
          subject: { type: subject.type as 'address', id: subject.id as string },
        });
        return { status: 201, body: wireScreening(screening) };
      } catch (error) {
        if (error instanceof AppError && error.code === 'BAD_REQUEST')
          return failure(400, 'invalid_request', error.message);
        throw error;
      }
    }
    if (request.path.startsWith(`${screeningsPath}/`)) {
      if (request.method !== 'GET') return failure(405, 'method_not_allowed', 'use GET');
      let id: string;
      try {
        id = decodeURIComponent(request.path.slice(screeningsPath.length + 1));
      } catch {
        return failure(404, 'not_found', 'no such screening');
      }
      const screening = await source.getScreening(id);
      return screening
        ? { status: 200, body: wireScreening(screening) }
        : failure(404, 'not_found', 'no such screening');
    }
    return failure(404, 'not_found', 'no such route');
  }, options);
}

function wireScreening(screening: AmlScreening): Record<string, unknown> {
  return {
    id: screening.id,
    asset: screening.coin,
    subject: screening.subject,
    status: screening.status,
    riskLevel: screening.riskLevel,
    riskScore: screening.riskScore,
    exposures: screening.exposures,
    createdAt: screening.createdAt.toISOString(),
    completedAt: screening.completedAt?.toISOString() ?? null,
  };
}

function failure(status: number, error: string, message: string): JsonServerReply {
  return { status, body: { error, message, requestId: randomUUID() } };
}
