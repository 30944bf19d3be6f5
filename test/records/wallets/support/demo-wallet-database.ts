// The wallet readers' organization-scope tests (docs/identity.md#organization-scope): the demo
// database and scopes every reader's scope test shares (test/access/support/demo-scopes.ts), and
// one demo wallet of each of the two client organizations.
import { demoOrganizationIds } from '../../../../src/db/seed/demo-organizations.ts';
import { demoWalletIds } from '../../../../src/db/seed/demo-wallets.ts';

export {
  demoDatabase as demoWalletDatabase,
  type DemoDatabase as DemoWalletDatabase,
  scopes,
} from '../../../access/support/demo-scopes.ts';

export const { aurora, meridian } = demoOrganizationIds;

/** Aurora's BTC custody wallet and Meridian's BTC operating wallet. */
export const wallets = {
  aurora: demoWalletIds.auroraBtcCustody,
  meridian: demoWalletIds.meridianBtcOperating,
} as const;
