// Operator commands (docs/identity.md "API keys", "Signing keys", docs/kyc.md "Key rotation",
// docs/ledger.md#reconciliation): rotate signing keys; create, list and revoke API keys; move the
// stored KYC questionnaires onto the current KYC data key; reconcile the journal with the
// custodian. Pure over the services so tests drive them without a process;
// parse-admin-command.ts reads the command line, admin-cli.ts is the shell.
import type { SigningKeyStore } from '../stores/signing-key-store.ts';
import type { ApiKeyKind } from '../access/principal.ts';
import type { ApiKeyService } from '../domain/identity/api-key-service.ts';
import type { SigningKeyRing } from '../domain/identity/signing-key-ring.ts';
import type { KycQuestionnaireTable } from '../records/kyc/kyc-questionnaire-table.ts';
import type { KycDataKeyRing } from '../domain/kyc/kyc-data-key-ring.ts';
import { reencryptQuestionnaires } from '../domain/kyc/questionnaire-reencryption.ts';
import { AppError } from '../errors/app-error.ts';
import { scopeOf, type OrganizationScope } from '../access/organization-scope.ts';
import type { ReconciliationReport } from '../domain/wallets/reconciliation-report.ts';
import { reconciliationJson, reconciliationText } from './reconciliation-report-text.ts';
import { type AdminCommand, type ApiKeyRequest, UsageError } from './parse-admin-command.ts';

export interface AdminCommandDeps {
  keys: SigningKeyRing;
  signingKeys: SigningKeyStore;
  apiKeys: ApiKeyService;
  /** The stored KYC questionnaires and the key ring of KYC_DATA_KEYS (docs/kyc.md#key-rotation). */
  kyc: { questionnaires: Pick<KycQuestionnaireTable, 'batch' | 'replace'>; keys: KycDataKeyRing };
  /** The reconciliation with the custodian (docs/ledger.md#reconciliation) of the scope's wallets. */
  reconcile(scope: OrganizationScope): Promise<ReconciliationReport>;
  out(line: string): void;
}

/** `reconcile`'s exit code when a wallet differs from the custodian or cannot be read; 1 stays an error's. */
export const driftExitCode = 2;

/** A well-formed command that cannot be carried out (printed without the usage text). */
export class CommandError extends Error {}

export type DatabaseCommand = Exclude<AdminCommand, { name: 'help' }>;

/** Carries the command out; answers the process' exit code. */
export async function runAdminCommand(command: DatabaseCommand, deps: AdminCommandDeps): Promise<number> {
  if (command.name === 'reconcile') return reconcile(command, deps);
  await runKeyCommand(command, deps);
  return 0;
}

async function runKeyCommand(
  command: Exclude<DatabaseCommand, { name: 'reconcile' }>,
  deps: AdminCommandDeps,
): Promise<void> {
  switch (command.name) {
    case 'keys rotate': {
      const { kid, retiredUntil } = await deps.keys.rotate();
      deps.out(`new signing key ${kid} is current; previous keys stay in the JWKS until ${retiredUntil.toISOString()}`);
      return;
    }
    case 'keys list':
      for (const key of await deps.signingKeys.listAll()) {
        const state = key.retiredAt
          ? `retired ${key.retiredAt.toISOString()}, listed until ${key.expiresAt?.toISOString() ?? '-'}`
          : 'current';
        deps.out(`${key.kid}  created ${key.createdAt.toISOString()}  ${state}`);
      }
      return;
    case 'api-keys create':
      return createApiKey(command.key, deps);
    case 'api-keys list':
      for (const key of await deps.apiKeys.list()) {
        deps.out(
          [
            key.id,
            key.prefix,
            key.kind,
            key.name,
            key.organizationId ?? '-',
            key.scopes.join(',') || '-',
            key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active',
            `last used ${key.lastUsedAt?.toISOString() ?? 'never'}`,
          ].join('  '),
        );
      }
      return;
    case 'api-keys revoke': {
      const key = await deps.apiKeys.revoke(command.target);
      if (!key) throw new CommandError(`no API key with id or prefix '${command.target}'`);
      deps.out(`revoked ${key.prefix} (${key.name}) at ${key.revokedAt?.toISOString()}`);
      return;
    }
    case 'kyc re-encrypt':
      return reencryptKycQuestionnaires(deps);
  }
}

async function reconcile(
  command: Extract<DatabaseCommand, { name: 'reconcile' }>,
  deps: AdminCommandDeps,
): Promise<number> {
  const report = await deps.reconcile(scopeOf(command.organizationId));
  if (command.json) deps.out(reconciliationJson(report));
  else for (const line of reconciliationText(report)) deps.out(line);
  return report.drifts.length > 0 || report.unreadable.length > 0 ? driftExitCode : 0;
}

async function reencryptKycQuestionnaires(deps: AdminCommandDeps): Promise<void> {
  const report = await reencryptQuestionnaires({ store: deps.kyc.questionnaires, ring: deps.kyc.keys });
  deps.out(
    `KYC questionnaires on key '${report.currentKeyId}': ${report.reencrypted} re-encrypted, ${report.alreadyCurrent} already on it, ${report.changedMeanwhile} rewritten meanwhile (kept), ${report.failed.length} failed, of ${report.examined}`,
  );
  if (report.failed.length > 0)
    throw new CommandError(
      `${report.failed.length} stored questionnaire(s) do not decrypt and stay as they are:\n${report.failed
        .map((failure) => `  ${failure.profileId}: ${failure.reason}`)
        .join('\n')}`,
    );
}

async function createApiKey(request: ApiKeyRequest, deps: AdminCommandDeps): Promise<void> {
  try {
    const { secret, key } = await deps.apiKeys.create({
      name: request.name,
      kind: request.kind as ApiKeyKind,
      organizationId: request.organizationId,
      scopes: request.scopes,
      createdBy: request.ownerUserId,
    });
    deps.out(`created ${key.kind} key ${key.prefix} (id ${key.id})`);
    deps.out(`secret (shown once, store it now): ${secret}`);
  } catch (error) {
    if (error instanceof AppError) throw new UsageError(error.message);
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23503' && constraint === 'api_key_created_by_fkey')
      throw new CommandError(`user ${request.ownerUserId} does not exist`);
    if (code === '23503') throw new CommandError(`organization ${request.organizationId} does not exist`);
    throw error;
  }
}
