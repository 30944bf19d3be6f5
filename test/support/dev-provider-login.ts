// Drives the built-in development OpenID Connect provider's login as a browser would
// (docs/identity.md#the-built-in-development-provider): authorization URL → login page → form
// post → redirects, until the browser is sent off the provider (to the relying party's
// redirect_uri, with `code` and `state` or with an error).
import { userIdField } from '../../src/providers/identity/dev-provider-pages.ts';
import type { BrowserClient } from './browser-client.ts';

export interface DevLoginPage {
  /** The login page's URL (`${issuer}/interaction/:uid`). */
  url: URL;
  /** Where its form posts. */
  action: URL;
  html: string;
}

/**
 * Follows `authorizationUrl` (or an interaction URL) to the provider's login page. Fails when the
 * provider sends the browser away without one: it then already has a session in this client.
 */
export async function openDevLoginPage(client: BrowserClient, authorizationUrl: string | URL): Promise<DevLoginPage> {
  const start = new URL(authorizationUrl);
  const onProvider = providerScope(start);
  const result = await client.follow(start, { stopAt: (url) => !onProvider(url) });
  if (result.stopped || !result.response) {
    throw new Error(
      `the dev provider sent the browser to ${result.url.href} without a login page (it already has a session in this BrowserClient; use a new one)`,
    );
  }
  const html = await result.response.text();
  if (result.response.status !== 200 || !/\/interaction\/[^/]+$/.test(result.url.pathname)) {
    throw new Error(
      `expected the dev provider's login page, got ${result.response.status} at ${result.url.href}: ${html.slice(0, 500)}`,
    );
  }
  const action = /<form\b[^>]*\saction="([^"]*)"/.exec(html)?.[1];
  if (action === undefined)
    throw new Error(`the dev provider's login page at ${result.url.href} has no form: ${html.slice(0, 500)}`);
  return { url: result.url, action: new URL(action.replace(/&amp;/g, '&'), result.url), html };
}

/**
 * Signs in as `userId` on the dev provider and returns the first URL off the provider, without
 * requesting it: the relying party's redirect_uri with `code` and `state`, or with an error.
 */
export async function submitDevLogin(
  client: BrowserClient,
  authorizationUrl: string | URL,
  userId: string,
): Promise<URL> {
  const onProvider = providerScope(new URL(authorizationUrl));
  const page = await openDevLoginPage(client, authorizationUrl);
  const response = await client.fetch(page.action, { body: new URLSearchParams({ [userIdField]: userId }) });
  if (response.status !== 303) {
    throw new Error(
      `the dev provider did not sign in "${userId}": ${response.status} ${(await response.text()).slice(0, 500)}`,
    );
  }
  const result = await client.follow({ response, url: page.action }, { stopAt: (url) => !onProvider(url) });
  if (!result.stopped) {
    const body = (await result.response?.text()) ?? '';
    throw new Error(
      `the sign-in of "${userId}" ended on the dev provider at ${result.url.href} with ${result.response?.status}: ${body.slice(0, 500)}`,
    );
  }
  return result.url;
}

/**
 * Which URLs belong to the provider: the issuer path, taken from an interaction URL
 * (`${issuer}/interaction/:uid`) or from the authorization endpoint (`${issuer}/auth`).
 */
function providerScope(start: URL): (url: URL) => boolean {
  const interaction = start.pathname.indexOf('/interaction/');
  const prefix =
    interaction >= 0 ? start.pathname.slice(0, interaction) : start.pathname.slice(0, start.pathname.lastIndexOf('/'));
  return (url) => url.origin === start.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
}
