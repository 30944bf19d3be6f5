// `returnTo` of login and logout may only point at an allowed origin, so the platform is no
// open redirect (docs/identity.md "Browser login"). PUBLIC_URL's origin and its loopback aliases (public-base-urls.ts) are always
// allowed; RETURN_TO_ORIGINS adds more.
import { AppError } from '../../errors/app-error.ts';
import type { PublicBaseUrls } from './public-base-urls.ts';

export interface ReturnToPolicy {
  readonly origins: readonly string[];
  /** The absolute URL to return to: `returnTo` when allowed, `fallbackBase`'s root (PUBLIC_URL's by default) when absent. */
  resolve(returnTo: string | undefined, fallbackBase?: string): string;
  isAllowed(url: string): boolean;
}

export function createReturnToPolicy(baseUrls: PublicBaseUrls, extraOrigins: readonly string[]): ReturnToPolicy {
  const origins = [...new Set([...baseUrls.all.map((base) => new URL(base).origin), ...extraOrigins])];
  const isAllowed = (url: string): boolean => {
    try {
      const parsed = new URL(url);
      return (
        (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
        !parsed.username &&
        !parsed.password &&
        origins.includes(parsed.origin)
      );
    } catch {
      return false;
    }
  };
  return {
    origins,
    isAllowed,
    resolve(returnTo, fallbackBase = baseUrls.canonical) {
      if (returnTo === undefined || returnTo === '') return `${fallbackBase}/`;
      if (!isAllowed(returnTo)) {
        throw new AppError(
          'BAD_REQUEST',
          `returnTo must be an absolute URL on an allowed origin (${origins.join(', ')})`,
        );
      }
      return new URL(returnTo).href;
    },
  };
}
