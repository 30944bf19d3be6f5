// The writes of the many-node test's writers (docs/idempotency.md): deposit addresses and
// whitelist entries, each with its own idempotency key, sent as a client that retries with its key
// sends them (docs/idempotency.md#the-sdk), and the outcome each client saw.
import type { BalancedAnswer } from './balanced-answer.ts';

export type WriteOperation = 'createDigitalWalletAddress' | 'addDigitalWalletWhitelistEntry';

export interface Write {
  readonly operation: WriteOperation;
  readonly key: string;
  readonly walletId: number;
  /** What names its row: the address's label, the whitelist entry's address. */
  readonly mark: string;
}

export interface WriteOutcome extends Write {
  /** Answered with what it made; `in doubt`: its key stays claimed by a request a kill cut off. */
  readonly outcome: 'acknowledged' | 'in doubt';
  /** The id of what it made, when acknowledged. */
  readonly id?: number;
  readonly servedBy?: string;
  /** Sends cut off (a 502, 503 or 504, a lost connection) before the one answered. */
  readonly interrupted: number;
}

export type SendGraphql = (query: string, variables: Record<string, unknown>) => Promise<BalancedAnswer>;

const documents: Record<WriteOperation, string> = {
  createDigitalWalletAddress: `mutation ($input: CreateDigitalWalletAddressInput!) {
    createDigitalWalletAddress(input: $input) { success errors { code message } made: address { id } } }`,
  addDigitalWalletWhitelistEntry: `mutation ($input: AddDigitalWalletWhitelistEntryInput!) {
    addDigitalWalletWhitelistEntry(input: $input) { success errors { code message } made: entry { id } } }`,
};

/** The n-th write of a writer into its wallet: an address and a whitelist entry in turn, marked by `serial`. */
export function nthWrite(serial: string, index: number, walletId: number, keyPrefix: string): Write {
  const operation: WriteOperation = index % 2 === 0 ? 'createDigitalWalletAddress' : 'addDigitalWalletWhitelistEntry';
  // An Ethereum address is 0x and 40 hex digits; the serial's decimal digits are hex digits too.
  const mark = operation === 'createDigitalWalletAddress' ? `${keyPrefix} ${serial}` : `0x${serial.padStart(40, 'b')}`;
  return { operation, key: `${keyPrefix}-${serial}`, walletId, mark };
}

function input(write: Write): Record<string, unknown> {
  const common = { walletId: write.walletId, idempotencyKey: write.key };
  return write.operation === 'createDigitalWalletAddress'
    ? { ...common, label: write.mark }
    : { ...common, address: write.mark, label: 'many nodes' };
}

/** Sends cut off in a row before the write is given up as broken: seconds of 502s. */
const maxInterruptions = 100;
/** CONFLICT "in progress" answers before a claim counts as a dead request's. */
const maxInProgress = 3;

/**
 * Sends a write until it is answered: again with the same key after a 502, 503 or 504 or a lost
 * connection. A repeat that finds the key claimed by a request still running waits 2 s for it on
 * the node, then answers CONFLICT; a claim still held after three of those is a killed request's,
 * which only the claim's 2-minute lease frees (docs/idempotency.md#known-limits): the write is in
 * doubt. Any other answer is a failure of the test.
 */
export async function sendWrite(send: SendGraphql, write: Write): Promise<WriteOutcome> {
  let interrupted = 0;
  let inProgress = 0;
  for (;;) {
    const answer = await send(documents[write.operation], { input: input(write) }).catch(() => undefined);
    if (answer === undefined || [502, 503, 504].includes(answer.status)) {
      if (++interrupted > maxInterruptions) throw new Error(`${write.key}: ${maxInterruptions} sends cut off`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const payload = answer.body?.data?.[write.operation];
    if (answer.status !== 200 || !payload)
      throw new Error(`${write.key}: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (payload.success)
      return { ...write, outcome: 'acknowledged', id: payload.made.id, servedBy: answer.servedBy, interrupted };
    if (!payload.errors.some(isInProgress)) throw new Error(`${write.key}: ${JSON.stringify(payload.errors)}`);
    if (++inProgress === maxInProgress) return { ...write, outcome: 'in doubt', interrupted };
  }
}

const isInProgress = (error: { code: string; message: string }) =>
  error.code === 'CONFLICT' && /in progress/.test(error.message);
