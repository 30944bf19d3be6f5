// `returnTo` of login and logout may only point at an allowed origin (DESIGN.md §5: no open
// redirect). PUBLIC_URL's origin is always allowed; RETURN_TO_ORIGINS adds more.
import { AppError } from '../../errors/app-error.ts';

export interface ReturnToPolicy {
  readonly origins: readonly string[];
  /** The absolute URL to return to: `returnTo` when allowed, the public URL when absent. */
  resolve(returnTo: string | undefined): string;
  isAllowed(url: string): boolean;
}

export function createReturnToPolicy(publicUrl: string, extraOrigins: readonly string[]): ReturnToPolicy {
  const origins = [...new Set([new URL(publicUrl).origin, ...extraOrigins])];
  const isAllowed = (url: string): boolean => {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password && origins.includes(parsed.origin);
    } catch {
      return false;
    }
  };
  return {
    origins,
    isAllowed,
    resolve(returnTo) {
      if (returnTo === undefined || returnTo === '') return `${publicUrl}/`;
      if (!isAllowed(returnTo)) {
        throw new AppError('BAD_REQUEST', `returnTo must be an absolute URL on an allowed origin (${origins.join(', ')})`);
      }
      return new URL(returnTo).href;
    },
  };
}
