// `GET /auth/logout` (docs/identity.md#sessions): ends every session of the user, then sends the
// browser to the provider's end-session endpoint, which returns to an allowed `returnTo`.
import type { Principal } from '../../access/principal.ts';
import type { IdentityProviderClient } from './identity-provider-client.ts';
import type { PublicBaseUrls } from './public-base-urls.ts';
import type { ReturnToPolicy } from './return-to-policy.ts';
import type { SessionService } from './session-service.ts';

export function createLogoutService(deps: {
  provider: IdentityProviderClient;
  sessions: SessionService;
  returnTo: ReturnToPolicy;
  baseUrls: PublicBaseUrls;
}) {
  return {
    /** `host` is the request's Host header: without `returnTo`, the browser returns to the base URL it used. */
    async logout(
      principal: Principal,
      returnTo: string | undefined,
      host: string | undefined,
    ): Promise<{ redirectUrl: string; sessionsEnded: number }> {
      const target = deps.returnTo.resolve(returnTo, deps.baseUrls.forHost(host));
      const sessionsEnded = principal.kind === 'user' ? await deps.sessions.destroyAllOfUser(principal.userId) : 0;
      let endSession: URL | null = null;
      try {
        endSession = await deps.provider.endSessionUrl(target);
      } catch {
        // Provider unreachable: the platform's sessions are gone, which is what matters;
        // send the browser straight back rather than failing the logout.
      }
      return { redirectUrl: (endSession ?? new URL(target)).href, sessionsEnded };
    },
  };
}

export type LogoutService = ReturnType<typeof createLogoutService>;
