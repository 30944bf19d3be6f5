// The text form of an address on each network the platform's coins live on (the `coin` table's
// `network`), checked before a whitelist change goes to the custodian: an Ethereum address given
// to a Bitcoin wallet is refused here, and nothing is sent. Form only, no checksum: the custodian
// checks the address again against its chain (`invalidAddress`, docs/custody.md#errors). A
// network not listed is left to the custodian alone.
const base58 = '1-9A-HJ-NP-Za-km-z';
const bech32 = '02-9ac-hj-np-z';
const evm = /^0x[0-9a-fA-F]{40}$/;

const addressForms: Readonly<Record<string, { pattern: RegExp; described: string }>> = {
  bitcoin: {
    pattern: new RegExp(`^(bc1[${bech32}]{39,59}|[13][${base58}]{25,34})$`),
    described: 'a Bitcoin address (bc1… or base58 starting with 1 or 3)',
  },
  ethereum: { pattern: evm, described: 'an Ethereum address (0x and 40 hexadecimal digits)' },
  avalanche: { pattern: evm, described: 'an Avalanche C-Chain address (0x and 40 hexadecimal digits)' },
  solana: { pattern: new RegExp(`^[${base58}]{32,44}$`), described: 'a Solana address (32 to 44 base58 characters)' },
};

/** Why the address cannot be one of the network's, or null when its form fits (or the network is not listed). */
export function addressFormProblem(network: string, address: string): string | null {
  const form = Object.hasOwn(addressForms, network) ? addressForms[network] : undefined;
  return form && !form.pattern.test(address) ? `address must be ${form.described}` : null;
}
