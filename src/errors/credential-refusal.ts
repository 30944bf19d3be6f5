// A credential refused as such (docs/identity.md#credentials): UNAUTHENTICATED (unknown, malformed,
// expired) or FORBIDDEN (a revoked key). What counts against the failed-credential limit, closes
// a socket, or lets a route with an anonymous alternative treat the credential as none.
import { AppError } from './app-error.ts';

export function isCredentialRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN');
}
