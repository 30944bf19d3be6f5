// Structured JSON logs (pino). Credentials are redacted by path so no secret or token is
// ever written, whatever a caller passes in (docs/identity.md#never-logged).
import { pino, type Logger } from 'pino';

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-data-admin-secret"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.apiToken',
  '*.secret',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: { service: 'wealth-platform' }, redact: { paths: redactedPaths, censor: '[redacted]' } },
    destination,
  );
}
