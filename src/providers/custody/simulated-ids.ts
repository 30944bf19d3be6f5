// Ids of the custody simulator (docs/custody.md#the-simulator): 32 lowercase hex characters like
// the custodian's. Random by default; from a seed, the n-th id is the first 128 bits of
// SHA-256(`seed:n`), so a test that replays the same calls sees the same ids.
import { createHash, randomBytes } from 'node:crypto';

export type IdGenerator = () => string;

export const randomHexId: IdGenerator = () => randomBytes(16).toString('hex');

export function seededHexIds(seed: string): IdGenerator {
  let counter = 0;
  return () => {
    counter += 1;
    return createHash('sha256').update(`${seed}:${counter}`).digest('hex').slice(0, 32);
  };
}
