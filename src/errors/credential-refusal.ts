// A credential refused as such (docs/identity.md#credentials): UNAUTHENTICATED (unknown, malformed,
// expired) or FORBIDDEN (a revoked key). What counts against the failed-credential limit, closes
// a socket, or lets a route with an anonymous alternative treat the credential as none; and the
// one refusal of a caller who presented no API key where only one will do.
import { AppError } from './app-error.ts';

export function isCredentialRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN');
}

/**
 * No API key where the business API needs one (GraphQL over HTTP or a socket): worded as the
 * router's authenticator words it for an `apiKey`-only operation (src/http/authenticate.ts).
 */
export function keyRequired(): AppError {
  return new AppError('UNAUTHENTICATED', 'authentication required: send an X-API-Key header');
}
