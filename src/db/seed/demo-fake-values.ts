// Deterministic stand-ins for values the real systems generate (addresses, hashes, custodian
// ids). Derived from a seed string by SHA-256 so every run produces the same data set.
import { createHash } from 'node:crypto';

const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `length` lowercase hex characters derived from the seed. */
export function demoHex(seed: string, length: number): string {
  let hex = '';
  for (let block = 0; hex.length < length; block++) hex += sha256Hex(`${seed}/${block}`);
  return hex.slice(0, length);
}

function demoChars(seed: string, alphabet: string, length: number): string {
  const bytes = Buffer.from(demoHex(seed, length * 2), 'hex');
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** An address shaped like the network's own (bech32 for bitcoin, 0x-hex for EVM, base58 for solana). */
export function demoAddress(network: string, seed: string): string {
  if (network === 'bitcoin') return `bc1q${demoChars(seed, bech32Alphabet, 38)}`;
  if (network === 'solana') return demoChars(seed, base58Alphabet, 44);
  return `0x${demoHex(seed, 40)}`;
}

/** A transaction hash shaped like the network's own. */
export function demoTxHash(network: string, seed: string): string {
  if (network === 'bitcoin') return demoHex(seed, 64);
  if (network === 'solana') return demoChars(seed, base58Alphabet, 88);
  return `0x${demoHex(seed, 64)}`;
}
