// The command line of `npm run admin` (docs/identity.md "API keys", "Signing keys", docs/kyc.md
// "Key rotation", docs/ledger.md#reconciliation), parsed
// completely before anything is opened: a mistyped command prints the usage and touches no
// database, no lock and no DATA_DIR.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

export const usage = `Usage: npm run admin -- <command>

  keys rotate                         make a new signing key current; the previous one stays in
                                      the JWKS until the tokens it signed have expired
  keys list                           list signing keys (kid, created, retired, expires)
  api-keys create --name NAME --kind admin|service|partner
                  [--organization UUID] [--owner USER_ID] [--scope SCOPE]...
                                      create a key; its secret is printed once and never again.
                                      SCOPE: workflow-sdk, kyc-sdk (SDK init tokens); read,
                                      wallets, custody, trading, kyc, kyc-decrypt, funds,
                                      documents (the business GraphQL API). --owner: the user
                                      who acts for the key when a request names no other
  api-keys list                       list keys (no secrets)
  api-keys revoke ID_OR_PREFIX        revoke a key (it answers 403 from then on)
  kyc re-encrypt                      seal every stored KYC questionnaire with the first key of
                                      KYC_DATA_KEYS; afterwards the other keys can be removed
  reconcile [--organization UUID] [--json]
                                      compare each custodial wallet's journal balances with the
                                      custodian at CUSTODY_URL (every organization's, or one's);
                                      exits 0 when they agree, 2 when any differs or cannot be
                                      read, 1 on an error
  help, --help, -h                    print this text

While the service runs on the embedded database, commands use its PostgreSQL; otherwise they
start it from DATA_DIR for the command (or use DATABASE_URL).
`;

export class UsageError extends Error {}

export interface ApiKeyRequest {
  name: string;
  /** Checked by the API key service, which owns the list of kinds. */
  kind: string;
  organizationId: string | null;
  scopes: string[];
  /** The key's owner: the user who acts for it (docs/identity.md#acting-user). */
  ownerUserId: string | null;
}

export type AdminCommand =
  | { name: 'help' }
  | { name: 'keys rotate' }
  | { name: 'keys list' }
  | { name: 'api-keys list' }
  | { name: 'api-keys create'; key: ApiKeyRequest }
  | { name: 'api-keys revoke'; target: string }
  | { name: 'kyc re-encrypt' }
  | { name: 'reconcile'; organizationId: string | null; json: boolean };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || (argv.length === 1 && argv[0] === 'help'))
    return { name: 'help' };
  if (argv[0] === 'reconcile') return parseReconcile(argv.slice(1));
  const [group, command, ...rest] = argv;
  const name = `${group} ${command ?? ''}`.trim();
  switch (name) {
    case 'keys rotate':
    case 'keys list':
    case 'api-keys list':
    case 'kyc re-encrypt':
      if (rest.length > 0) throw new UsageError(`${name} takes no arguments, got '${rest.join(' ')}'`);
      return { name };
    case 'api-keys create':
      return { name, key: parseApiKeyRequest(rest) };
    case 'api-keys revoke':
      if (rest.length !== 1 || !rest[0]) throw new UsageError('api-keys revoke needs exactly one key id or prefix');
      return { name, target: rest[0] };
    default:
      throw new UsageError(`unknown command '${name}'`);
  }
}

function parseReconcile(args: string[]): AdminCommand {
  const values = parseOptions(args, { organization: { type: 'string' }, json: { type: 'boolean' } });
  const organization = values.organization as string | undefined;
  if (organization !== undefined && !uuid.test(organization))
    throw new UsageError(`--organization must be a UUID, got '${organization}'`);
  return { name: 'reconcile', organizationId: organization?.toLowerCase() ?? null, json: values.json === true };
}

function parseOptions(args: string[], options: ParseArgsOptionsConfig) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function parseApiKeyRequest(args: string[]): ApiKeyRequest {
  const values = parseOptions(args, {
    name: { type: 'string' },
    kind: { type: 'string' },
    organization: { type: 'string' },
    owner: { type: 'string' },
    scope: { type: 'string', multiple: true },
  }) as { name?: string; kind?: string; organization?: string; owner?: string; scope?: string[] };
  if (!values.name || !values.kind) throw new UsageError('api-keys create needs --name and --kind');
  const organization = values.organization;
  if (organization && !uuid.test(organization))
    throw new UsageError(`--organization must be a UUID, got '${organization}'`);
  if (values.owner !== undefined && !values.owner.trim()) throw new UsageError('--owner must name a user id');
  return {
    name: values.name,
    kind: values.kind,
    organizationId: organization ?? null,
    scopes: values.scope ?? [],
    ownerUserId: values.owner ?? null,
  };
}
