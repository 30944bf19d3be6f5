// Which file of which npm icon package answers a coin symbol, a country code or a network
// name (docs/assets.md#sources). User input never becomes part of a path: each package folder
// is listed once, and input, after a strict pattern check, is only a key into that listing.
import { packageAssetFolders, type AssetFolders } from '../../assets/asset-packages.ts';
import { AppError } from '../../errors/app-error.ts';
import { listSvgFiles } from '../../providers/assets/icon-files.ts';

// The patterns of openapi.yaml (CoinSymbol, CountryCode, NetworkSymbol), checked again here
// so the domain is safe whoever calls it.
export const coinSymbolPattern = /^[A-Za-z0-9]{1,15}$/;
export const countryCodePattern = /^[A-Za-z]{2}$/;
export const networkSymbolPattern = /^[A-Za-z0-9]{1,15}$/;

/**
 * Network logo → the names it answers to. cryptocurrency-icons has no network logos, so each
 * network shows the icon of its native coin. Networks whose coin the package lacks (arbitrum,
 * optimism, base, near, …) are left out on purpose and answer 404: another chain's logo
 * (e.g. Ethereum's for an L2) would be wrong.
 */
export const networkLogos: ReadonlyArray<readonly [coinIcon: string, names: readonly string[]]> = [
  ['btc', ['bitcoin', 'btc']],
  ['eth', ['ethereum', 'eth']],
  ['sol', ['solana', 'sol']],
  ['avax', ['avalanche', 'avax']],
  ['trx', ['tron', 'trx']],
  ['matic', ['polygon', 'matic', 'pol']],
  ['bnb', ['bsc', 'bnb', 'bnbchain', 'binance']],
  ['ltc', ['litecoin', 'ltc']],
  ['doge', ['dogecoin', 'doge']],
  ['bch', ['bitcoincash', 'bch']],
  ['etc', ['ethereumclassic', 'etc']],
  ['ada', ['cardano', 'ada']],
  ['dot', ['polkadot', 'dot']],
  ['atom', ['cosmos', 'atom']],
  ['xrp', ['ripple', 'xrpl', 'xrp']],
  ['xlm', ['stellar', 'xlm']],
  ['xtz', ['tezos', 'xtz']],
  ['algo', ['algorand', 'algo']],
  ['gno', ['gnosis', 'gno']],
  ['fil', ['filecoin', 'fil']],
  ['xmr', ['monero', 'xmr']],
  ['zec', ['zcash', 'zec']],
  ['eos', ['eos']],
];

export interface AssetCatalog {
  /** Absolute path of the coin's SVG, or undefined when the package has none. */
  coinFile(symbol: string): string | undefined;
  flagFile(countryCode: string): string | undefined;
  networkFile(network: string): string | undefined;
}

/**
 * Lists the folders at once, so a missing package fails the start rather than a request,
 * and checks every network logo points at a coin icon that exists.
 */
export function createAssetCatalog(folders: AssetFolders = packageAssetFolders()): AssetCatalog {
  const coins = listSvgFiles(folders.coins, /^[a-z0-9]{1,15}$/);
  // Two letters only: the spec's CountryCode; subdivision flags (gb-eng, es-ct) are not served.
  const flags = listSvgFiles(folders.flags, /^[a-z]{2}$/);
  const networks = new Map<string, string>();
  for (const [coinIcon, names] of networkLogos) {
    const file = coins.get(coinIcon);
    if (!file) throw new Error(`network logo ${coinIcon} is missing from ${folders.coins}`);
    for (const name of names) networks.set(name, file);
  }
  return {
    coinFile: (symbol) =>
      coins.get(checked(symbol, coinSymbolPattern, 'coin symbol must be 1 to 15 ASCII letters or digits')),
    flagFile: (code) =>
      flags.get(checked(code, countryCodePattern, 'country code must be two ASCII letters (ISO 3166-1 alpha-2)')),
    networkFile: (network) =>
      networks.get(checked(network, networkSymbolPattern, 'network must be 1 to 15 ASCII letters or digits')),
  };
}

function checked(value: string, pattern: RegExp, message: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw new AppError('VALIDATION_FAILED', message);
  return value.toLowerCase();
}
