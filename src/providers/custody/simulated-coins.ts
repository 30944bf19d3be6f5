// The coins the custody simulator knows (docs/custody.md#the-simulator): BitGo-style lowercase
// coin ids, the chains each token lives on, the flat network fee the simulator charges, and the
// address form of each chain, used both to make deposit addresses and to refuse destinations that
// cannot belong to the chain. Checks are by form only (no checksums): enough to catch an Ethereum
// address sent to a Bitcoin wallet, which is what a caller can get wrong.
import { createHash } from 'node:crypto';

type AddressFamily = 'btc' | 'tbtc' | 'eth' | 'sol';

export interface SimulatedCoin {
  /** The coins of the wallets that hold and send this one: itself, or the chains a token lives on. */
  chains: readonly string[];
  /** Whether this is a token, which has no wallet of its own. */
  token: boolean;
  /** The form of the addresses of a wallet of this coin (a token's are its chain wallet's). */
  family: AddressFamily;
}

const coinOf = (id: string, family: AddressFamily): SimulatedCoin => ({ chains: [id], token: false, family });
const tokenOn = (...chains: string[]): SimulatedCoin => ({ chains, token: true, family: 'eth' });

/** AVAX is Avalanche's C-Chain, whose addresses are Ethereum's; USDC lives on Ethereum and Solana. */
export const simulatedCoins: Readonly<Record<string, SimulatedCoin>> = {
  btc: coinOf('btc', 'btc'),
  tbtc: coinOf('tbtc', 'tbtc'),
  eth: coinOf('eth', 'eth'),
  hteth: coinOf('hteth', 'eth'),
  sol: coinOf('sol', 'sol'),
  avax: coinOf('avax', 'eth'),
  usdc: tokenOn('eth', 'sol'),
  usdt: tokenOn('eth'),
};

/** The fee of one send, in base units of the chain's coin. */
export const defaultNetworkFees: Readonly<Record<string, string>> = {
  btc: '1000',
  tbtc: '1000',
  eth: '420000000000000',
  hteth: '420000000000000',
  sol: '5000',
  avax: '525000000000000',
};

const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const bech32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const addressForms: Record<AddressFamily, RegExp> = {
  btc: /^(bc1[02-9ac-hj-np-z]{39,59}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  tbtc: /^(tb1[02-9ac-hj-np-z]{39,59}|[mn2][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  eth: /^0x[0-9a-fA-F]{40}$/,
  sol: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
};

export function lookupCoin(coin: string): SimulatedCoin | undefined {
  return Object.hasOwn(simulatedCoins, coin) ? simulatedCoins[coin] : undefined;
}

/** Whether a wallet of `walletCoin` holds and sends `coin`: its own coin, or a token on its chain. */
export function holdsCoin(walletCoin: string, coin: string): boolean {
  return lookupCoin(coin)?.chains.includes(walletCoin) ?? false;
}

export function isAddressOf(coin: SimulatedCoin, address: string): boolean {
  return addressForms[coin.family].test(address);
}

/** A deposit address of the coin's chain, derived from `seed` (the same seed gives the same address). */
export function simulatedAddress(coin: SimulatedCoin, seed: string): string {
  const bytes = createHash('sha256').update(`custody-simulator-address:${seed}`).digest();
  switch (coin.family) {
    case 'btc':
      return `bc1q${spell(bytes, bech32, 38)}`;
    case 'tbtc':
      return `tb1q${spell(bytes, bech32, 38)}`;
    case 'eth':
      return `0x${bytes.subarray(0, 20).toString('hex')}`;
    case 'sol':
      return spell(bytes, base58, 44);
  }
}

/** `length` characters of `alphabet` chosen by the bytes (cycled), for address-shaped text. */
function spell(bytes: Buffer, alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    const byte = bytes[index % bytes.length]! ^ (index * 31);
    text += alphabet[byte % alphabet.length];
  }
  return text;
}
