// Operator commands (issue 3): rotate signing keys; create, list and revoke API keys. Pure
// over the identity services so tests drive them without a process; admin-cli.ts is the shell.
import { parseArgs } from 'node:util';
import type { SigningKeyStore } from '../access/credentials/signing-key-store.ts';
import type { ApiKeyKind } from '../access/principal.ts';
import type { ApiKeyService } from '../domain/identity/api-key-service.ts';
import type { SigningKeyRing } from '../domain/identity/signing-key-ring.ts';
import { AppError } from '../errors/app-error.ts';

export interface AdminCommandDeps {
  keys: SigningKeyRing;
  signingKeys: SigningKeyStore;
  apiKeys: ApiKeyService;
  out(line: string): void;
}

export const usage = `Usage: npm run admin -- <command>

  keys rotate                         make a new signing key current; the previous one stays in
                                      the JWKS until the tokens it signed have expired
  keys list                           list signing keys (kid, created, retired, expires)
  api-keys create --name NAME --kind admin|service|partner
                  [--organization UUID] [--scope workflow-sdk] [--scope kyc-sdk]
                                      create a key; its secret is printed once and never again
  api-keys list                       list keys (no secrets)
  api-keys revoke ID_OR_PREFIX        revoke a key (it answers 403 from then on)
`;

export class UsageError extends Error {}
/** A well-formed command that cannot be carried out (printed without the usage text). */
export class CommandError extends Error {}

export async function runAdminCommand(argv: string[], deps: AdminCommandDeps): Promise<void> {
  const [group, command, ...rest] = argv;
  if (group === 'keys' && command === 'rotate') {
    const { kid, retiredUntil } = await deps.keys.rotate();
    deps.out(`new signing key ${kid} is current; previous keys stay in the JWKS until ${retiredUntil.toISOString()}`);
    return;
  }
  if (group === 'keys' && command === 'list') {
    for (const key of await deps.signingKeys.listAll()) {
      const state = key.retiredAt ? `retired ${key.retiredAt.toISOString()}, listed until ${key.expiresAt?.toISOString() ?? '-'}` : 'current';
      deps.out(`${key.kid}  created ${key.createdAt.toISOString()}  ${state}`);
    }
    return;
  }
  if (group === 'api-keys' && command === 'create') return createApiKey(rest, deps);
  if (group === 'api-keys' && command === 'list') {
    for (const key of await deps.apiKeys.list()) {
      deps.out(
        [key.id, key.prefix, key.kind, key.name, key.organizationId ?? '-', key.scopes.join(',') || '-', key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active', `last used ${key.lastUsedAt?.toISOString() ?? 'never'}`].join('  '),
      );
    }
    return;
  }
  if (group === 'api-keys' && command === 'revoke') {
    const target = rest[0];
    if (!target || rest.length > 1) throw new UsageError('api-keys revoke needs exactly one key id or prefix');
    const key = await deps.apiKeys.revoke(target);
    if (!key) throw new CommandError(`no API key with id or prefix '${target}'`);
    deps.out(`revoked ${key.prefix} (${key.name}) at ${key.revokedAt?.toISOString()}`);
    return;
  }
  throw new UsageError(`unknown command '${[group, command].filter(Boolean).join(' ')}'`);
}

async function createApiKey(args: string[], deps: AdminCommandDeps): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { name: { type: 'string' }, kind: { type: 'string' }, organization: { type: 'string' }, scope: { type: 'string', multiple: true } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.name || !values.kind) throw new UsageError('api-keys create needs --name and --kind');
  const organization = values.organization;
  if (organization && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(organization)) {
    throw new UsageError(`--organization must be a UUID, got '${organization}'`);
  }
  try {
    const { secret, key } = await deps.apiKeys.create({ name: values.name, kind: values.kind as ApiKeyKind, organizationId: organization ?? null, scopes: values.scope ?? [] });
    deps.out(`created ${key.kind} key ${key.prefix} (id ${key.id})`);
    deps.out(`secret (shown once, store it now): ${secret}`);
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message);
    if ((error as { code?: string }).code === '23503') throw new CommandError(`organization ${organization} does not exist`);
    throw error;
  }
}
