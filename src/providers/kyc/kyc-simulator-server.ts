// Serves a KYC provider (normally the simulator) over loopback HTTP in the Sumsub-like wire shape
// the HTTP client speaks (docs/kyc.md#provider-wire-shape), checking each request's
// X-App-Token and X-App-Access-Sig as the provider would, so the client's tests and the service's
// run against the simulator, and a developer can point KYC_URL at one.
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../errors/app-error.ts';
import type { KycApplicant } from './kyc-applicant.ts';
import type { KycProvider } from './kyc-provider.ts';
import type { KycQuestionnaire, KycQuestionnaireItem } from './kyc-questionnaire.ts';
import { signKycRequest } from './sign-kyc-request.ts';

export interface KycSimulatorServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  contentType: string;
  body: Buffer;
}

const maxRequestBytes = 64 * 1024;

export async function serveKycSimulator(
  source: KycProvider,
  options: { appToken: string; secretKey: string; host?: string },
): Promise<KycSimulatorServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxRequestBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const reply =
        size > maxRequestBytes
          ? Promise.resolve(failure(413, 'request body too large'))
          : answer(source, options, req, body).catch(() => failure(500, 'simulator failure'));
      void reply.then((answered) => {
        res.writeHead(answered.status, {
          'content-type': answered.contentType,
          'content-length': answered.body.length,
        });
        res.end(answered.body);
      });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function answer(
  source: KycProvider,
  options: { appToken: string; secretKey: string },
  req: http.IncomingMessage,
  body: string,
): Promise<Reply> {
  const method = req.method ?? 'GET';
  const pathWithQuery = req.url ?? '/';
  if (!signedCorrectly(options, req, method, pathWithQuery, body)) return failure(401, 'Request signature mismatch');
  const url = new URL(pathWithQuery, 'http://loopback');
  const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
  if (method === 'POST' && url.pathname === '/resources/accessTokens') {
    try {
      const token = await source.createAccessToken({
        userId: url.searchParams.get('userId') ?? '',
        levelName: url.searchParams.get('levelName') ?? '',
        ttlInSecs: Number(url.searchParams.get('ttlInSecs')),
      });
      return json(200, { token: token.token, userId: token.userId });
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_REQUEST') return failure(400, error.message);
      throw error;
    }
  }
  if (method === 'GET' && segments.length === 5 && segments[0] === 'resources' && segments[1] === 'inspections') {
    const file = await source.getDocumentFile(segments[2]!, segments[4]!);
    if (!file) return failure(404, 'Not found');
    return { status: 200, contentType: file.contentType, body: Buffer.from(file.bytes) };
  }
  if (method === 'GET' && segments.length === 4 && segments[1] === 'applicants' && segments[3] === 'one') {
    const applicant = await source.getApplicant(segments[2]!);
    return applicant ? json(200, wireApplicant(applicant)) : failure(404, 'Applicant not found');
  }
  return failure(404, 'Not found');
}

function signedCorrectly(
  options: { appToken: string; secretKey: string },
  req: http.IncomingMessage,
  method: string,
  pathWithQuery: string,
  body: string,
): boolean {
  const ts = Number(req.headers['x-app-access-ts']);
  if (req.headers['x-app-token'] !== options.appToken || !Number.isInteger(ts)) return false;
  const expected = Buffer.from(signKycRequest(options.secretKey, { ts, method, pathWithQuery, body }), 'utf8');
  const presented = Buffer.from(String(req.headers['x-app-access-sig'] ?? ''), 'utf8');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** The provider's wire shape of an applicant; read back by read-kyc-applicant.ts. */
export function wireApplicant(applicant: KycApplicant): Record<string, unknown> {
  const { review } = applicant;
  return {
    id: applicant.applicantId,
    review: {
      reviewStatus: review.status,
      ...(review.answer
        ? {
            reviewResult: {
              reviewAnswer: review.answer,
              ...(review.rejectType ? { reviewRejectType: review.rejectType, rejectLabels: review.rejectLabels } : {}),
            },
          }
        : {}),
    },
    questionnaires: applicant.questionnaires.map(wireQuestionnaire),
  };
}

function wireQuestionnaire(questionnaire: KycQuestionnaire): Record<string, unknown> {
  return {
    id: questionnaire.id,
    title: questionnaire.title,
    submittedAt: questionnaire.submittedAt,
    sections: questionnaire.sections.map((section) => ({
      id: section.id,
      title: section.title,
      items: section.items.map(wireItem),
    })),
  };
}

function wireItem(item: KycQuestionnaireItem): Record<string, unknown> {
  const base = { id: item.id, title: item.title };
  switch (item.kind) {
    case 'TEXT':
      return { ...base, type: 'text', value: item.textValue };
    case 'DATE':
      return { ...base, type: 'date', value: item.dateValue };
    case 'COUNTRY':
      return { ...base, type: 'country', value: item.countryCode };
    case 'MULTI_SELECT':
      return {
        ...base,
        type: 'multiSelect',
        values: item.selectedOptions.map((option) => option.value),
        options: item.options,
      };
    case 'FILES':
      return {
        ...base,
        type: 'files',
        files: item.files.map((file) => ({
          imageId: file.providerFileId,
          inspectionId: file.inspectionId,
          fileName: file.fileName,
          mimeType: file.contentType,
        })),
      };
  }
}

function json(status: number, body: unknown): Reply {
  return { status, contentType: 'application/json', body: Buffer.from(JSON.stringify(body), 'utf8') };
}

function failure(status: number, description: string): Reply {
  return json(status, { description, code: status, correlationId: 'simulated' });
}
