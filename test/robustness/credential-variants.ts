// The credentials a fuzzed REST or business GraphQL request carries: none, garbage of every kind
// (docs/identity.md), or a real session cookie, bearer token or API key, so that most requests
// reach past authentication into the handlers. Real ones are placeholders the sender fills in.
import { demoUsers } from '../../src/db/seed/demo-users.ts';
import type { Draw } from './draw.ts';
import { secret } from './fuzz-request.ts';

/**
 * GET /auth/logout ends every session of its user (docs/identity.md#sessions), so the operations
 * that end sessions get users of their own: the sessions and tokens every other request reuses
 * would stop working otherwise.
 */
const sessionEndingUsers = ['demo-judy', 'demo-kim'];

/** The demo users whose credentials the fuzz shares between requests. */
export const demoUserIds = demoUsers.map((user) => user.id).filter((id) => !sessionEndingUsers.includes(id));

export const apiKeyNames = ['admin', 'workflow', 'kyc', 'partner'] as const;

export interface CredentialChoice {
  headers: [string, string][];
  label: string;
}

/**
 * A credential for an operation accepting `schemes` (openapi.yaml securitySchemes names).
 * `endsSession`: the operation destroys the session it is called with (DELETE /auth/session,
 * GET /auth/logout), so it gets a session of its own instead of one other requests share.
 */
export function drawCredential(draw: Draw, schemes: ReadonlySet<string>, endsSession = false): CredentialChoice {
  const fresh = endsSession ? 'fresh-' : '';
  const users = endsSession ? sessionEndingUsers : demoUserIds;
  const user = () => (!endsSession && draw.chance(0.3) ? 'demo-admin' : draw.pick(users));
  const valid: (readonly [number, () => CredentialChoice])[] = [];
  if (schemes.has('sessionCookie'))
    valid.push([4, () => cookieOf(`platform_session=${secret(`${fresh}cookie:${user()}`)}`, 'session')]);
  if (schemes.has('bearerAuth'))
    valid.push([4, () => bearerOf(`Bearer ${secret(`${fresh}access:${user()}`)}`, 'bearer')]);
  if (schemes.has('apiKey')) valid.push([4, () => apiKeyOf(secret(`api-key:${draw.pick(apiKeyNames)}`), 'api-key')]);
  const choices: (readonly [number, () => CredentialChoice])[] = [
    ...valid,
    [valid.length > 0 ? 2 : 6, () => ({ headers: [], label: 'none' })],
    [1, () => bearerOf(draw.pick(garbageAuthorizations(draw, user())), 'garbage-bearer')],
    [1, () => apiKeyOf(draw.pick(garbageApiKeys(draw)), 'garbage-api-key')],
    [
      1,
      () =>
        cookieOf(
          draw.pick(garbageCookies(draw, `${fresh}cookie:${user()}`, `${fresh}cookie:${user()}`)),
          'garbage-cookie',
        ),
    ],
    [
      1,
      () => ({
        headers: [
          ['cookie', `platform_session=${secret(`fresh-cookie:${user()}`)}`],
          ['authorization', `Bearer ${secret(`fresh-access:${user()}`)}`],
          ['x-api-key', secret(`api-key:${draw.pick(apiKeyNames)}`)],
        ],
        label: 'every-kind',
      }),
    ],
    [
      1,
      () => ({
        headers: [
          ['authorization', `Bearer ${secret(`${fresh}access:${user()}`)}`],
          ['authorization', `Bearer ${secret(`${fresh}access:${user()}`)}`],
        ],
        label: 'duplicate-authorization',
      }),
    ],
  ];
  return draw.weighted(choices)();
}

const cookieOf = (value: string, label: string): CredentialChoice => ({ headers: [['cookie', value]], label });
const bearerOf = (value: string, label: string): CredentialChoice => ({ headers: [['authorization', value]], label });
const apiKeyOf = (value: string, label: string): CredentialChoice => ({ headers: [['x-api-key', value]], label });

/** `user`: whose identity-provider token to send where a platform token belongs. */
function garbageAuthorizations(draw: Draw, user: string): string[] {
  return [
    'Bearer garbage',
    'Bearer ',
    'Bearer',
    'bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJkZW1vLWFkbWluIn0.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo',
    `Bearer ${'A'.repeat(draw.pick([100, 4_000, 12_000]))}`,
    'Basic ZGVtby1hZG1pbjpwYXNzd29yZA==',
    'Negotiate YII=',
    `Bearer ${secret(`provider:${user}`)}`,
    `Bearer ${draw.ascii(0, 40)}`,
    `Bearer \u00ff\u00fe\u0080`,
  ];
}

function garbageApiKeys(draw: Draw): string[] {
  return [
    '',
    'x',
    `wpk_0123456789ab_${'z'.repeat(43)}`,
    `adm_${'0'.repeat(40)}`,
    `${secret('api-key:admin')}x`,
    `${secret('api-key:admin')}, ${secret('api-key:partner')}`,
    'k'.repeat(draw.pick([300, 9_000])),
    draw.ascii(1, 60),
    '\u00e9\u00ff',
  ];
}

/** `first`, `second`: real session cookies sent twice under one name. */
function garbageCookies(draw: Draw, first: string, second: string): string[] {
  return [
    'platform_session=',
    `platform_session=${'b'.repeat(43)}`,
    'platform_session',
    ';;;=;',
    `platform_session=${secret(first)}; platform_session=${secret(second)}`,
    `platform_session="${draw.ascii(0, 50)}"`,
    `platform_session=%00%ED%A0%80`,
    `platform_session=${'c'.repeat(draw.pick([200, 6_000]))}`,
    `other=1; ${'x=y; '.repeat(draw.int(1, 400))}`,
  ];
}
