// The writes of the many-node test's writers (docs/idempotency.md): deposit addresses and
// whitelist entries, each with its own idempotency key, sent as a client that retries with its key
// sends them (docs/idempotency.md#the-sdk) until one is answered with what it made, and what that
// client went through on the way.
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
  /** The id of what it made (a whitelist addition a killed request left pending at the custodian: adopted, docs/custody.md#consistency). */
  readonly id: number;
  readonly servedBy: string;
  /** Sends cut off (a 502, 503 or 504, a lost connection) before the one answered. */
  readonly interrupted: number;
  /** CONFLICT "in progress" answers: its key was claimed by a request that had not finished (or was killed). */
  readonly waitedOnClaim: number;
  /** From the first send to the answer. */
  readonly ms: number;
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

/** Sends cut off before the write is given up as broken: seconds of 502s. */
const maxInterruptions = 100;
/**
 * CONFLICT "in progress" answers before the write is given up as broken: each waits 2 s on the
 * node, so about 2 minutes, past the longest lease of a dead request's claim (45 s by default).
 */
const maxInProgress = 60;

/**
 * Sends a write until it is answered with what it made: again with the same key after a 502, 503
 * or 504 or a lost connection. A repeat that finds the key claimed by a request still running
 * waits 2 s for it on the node, then answers CONFLICT "in progress", and is sent again: a claim
 * a killed request left is taken over once its lease ends (docs/idempotency.md#known-limits), and
 * the write runs again (a whitelist addition the killed request had asked of the custodian is
 * then adopted from the custodian's pending approvals). Any other answer is a failure of the test.
 */
export async function sendWrite(send: SendGraphql, write: Write): Promise<WriteOutcome> {
  let interrupted = 0;
  let waitedOnClaim = 0;
  const started = performance.now();
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
    const answered = { servedBy: answer.servedBy, interrupted, waitedOnClaim, ms: performance.now() - started };
    if (payload.success) return { ...write, id: payload.made.id, ...answered };
    if (!payload.errors.some(isInProgress)) throw new Error(`${write.key}: ${JSON.stringify(payload.errors)}`);
    if (++waitedOnClaim === maxInProgress) throw new Error(`${write.key}: still claimed after ${maxInProgress} tries`);
  }
}

const isInProgress = (error: { code: string; message: string }) =>
  error.code === 'CONFLICT' && /in progress/.test(error.message);
