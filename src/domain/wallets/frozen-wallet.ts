// What a FROZEN wallet refuses (schema.graphql `WalletStatus.FROZEN`, `UserErrorCode.WALLET_FROZEN`;
// docs/custody.md#aml-freeze): whatever would let value leave it or prepare it to: sends, approving
// a pending request, whitelist additions; and new deposit addresses, since a wallet under an AML
// block is not to be handed out for more funds. What it still does: receive at its existing
// addresses, sync, be screened, have whitelist entries removed and pending requests rejected.
import { type UserError, userError } from '../outcomes/user-error.ts';

/** The refusals of a frozen wallet, by what was asked. */
const refused = {
  send: 'it sends nothing',
  approve: 'a pending request of it can only be rejected',
  whitelistAdd: 'its whitelist takes no new address',
  address: 'it gets no new deposit address',
} as const;

export type FrozenWalletRefusal = keyof typeof refused;

export function walletFrozen(walletId: number, asked: FrozenWalletRefusal, field: string): UserError<'WALLET_FROZEN'> {
  return userError(
    'WALLET_FROZEN',
    `wallet ${walletId} is FROZEN: ${refused[asked]} until an authorized person unfreezes it (unfreezeDigitalWallet)`,
    field,
  );
}
