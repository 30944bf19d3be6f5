// Checks of the wallet mutations' input before anything is read or sent (schema.graphql
// `CreateDigitalWalletInput` and its siblings; docs/custody.md#wallet-operations). Lengths are
// the database's: `length()` in PostgreSQL counts characters (code points), so they are counted
// here the same way, not in UTF-16 units. Text PostgreSQL cannot hold is refused too.
import { fitsIntegerRowId } from '../../records/integer-row-id.ts';
import { undisplayableText } from '../text/display-text.ts';
import { unstorableText } from '../text/storable-text.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';

/** `digital_wallet.label`'s CHECK (migration 0001). */
export const walletLabelMaxLength = 120;
/** Address and whitelist labels: schema.graphql's "up to 100 characters". */
export const addressLabelMaxLength = 100;
export { idempotencyKeyMaxLength } from '../idempotency/idempotency-key-check.ts';
/** The custody port's bound on a public key (src/providers/custody/custody-request-checks.ts). */
export const publicKeyMaxLength = 1024;
/** app_user.id's CHECK (migration 0001). */
export const userIdMaxLength = 255;
/** The custody port's address rule: printable ASCII without spaces, 1 to 128 characters. */
const addressText = /^[\x21-\x7e]{1,128}$/;
/** The `coin` table's symbol rule (migration 0001). */
const coinSymbol = /^[A-Z0-9]{1,15}$/;

/** One check of the input: it adds the problems it finds. */
export type Check = (errors: UserError[]) => void;

export function runChecks(checks: readonly Check[]): UserError[] {
  const errors: UserError[] = [];
  for (const check of checks) check(errors);
  return errors;
}

const characters = (value: string) => [...value].length;

/** One line of 1 to `max` characters, not blank, fit to display; `required: false` lets null and absent pass. */
export function checkText(field: string, value: string | null | undefined, max: number, required: boolean): Check {
  return (errors) => {
    if (value === null || value === undefined) {
      if (required) errors.push(userError('VALIDATION_FAILED', `${field} is required`, field));
      return;
    }
    const problem = unstorableText(value) ?? undisplayableText(value);
    if (problem) errors.push(userError('VALIDATION_FAILED', `${field} ${problem}`, field));
    else if (value.trim() === '' || characters(value) > max)
      errors.push(userError('VALIDATION_FAILED', `${field} must be 1 to ${max} characters, not blank`, field));
  };
}

export function checkWalletId(walletId: number): Check {
  return (errors) => {
    if (!Number.isInteger(walletId) || walletId < 1 || !fitsIntegerRowId(walletId))
      errors.push(userError('VALIDATION_FAILED', 'walletId must be a wallet id: a whole number from 1', 'walletId'));
  };
}

export function checkAddressText(address: string): Check {
  return (errors) => {
    if (!addressText.test(address))
      errors.push(
        userError('VALIDATION_FAILED', 'address must be 1 to 128 printable characters without spaces', 'address'),
      );
  };
}

/** The coin symbol in upper case, or null when it cannot be one (schema.graphql: case-insensitive). */
export function coinSymbolOf(coin: string): string | null {
  const symbol = coin.trim().toUpperCase();
  return coinSymbol.test(symbol) ? symbol : null;
}

export function checkCoin(coin: string): Check {
  return (errors) => {
    if (coinSymbolOf(coin) === null)
      errors.push(userError('VALIDATION_FAILED', 'coin must be a coin symbol of 1 to 15 letters or digits', 'coin'));
  };
}
