// The custody and AML providers for the composition root (docs/custody.md#choosing-the-provider,
// docs/providers.md#aml-screening): the HTTP clients when CUSTODY_URL and AML_URL are set, the
// simulators otherwise (the custody simulator moving sends on at CUSTODY_SIM_BROADCAST_MS and
// CUSTODY_SIM_CONFIRM_MS). One instance of each serves every area that needs it.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { createAmlProvider } from '../providers/aml/create-aml-provider.ts';
import type { AmlProvider } from '../providers/aml/aml-provider.ts';
import { createCustodyProvider } from '../providers/custody/create-custody-provider.ts';
import type { CustodyProvider } from '../providers/custody/custody-provider.ts';

export interface ServiceProviders {
  readonly custody: CustodyProvider;
  readonly aml: AmlProvider;
}

export function createProviders(deps: { config: Config; logger: Logger }): ServiceProviders {
  const { providers } = deps.config;
  return {
    custody: createCustodyProvider({
      url: providers.custodyUrl,
      accessToken: providers.custodyAccessToken,
      logger: deps.logger,
      simulator: { autoProgress: providers.custodySimulatorTiming },
    }),
    aml: createAmlProvider({ url: providers.amlUrl, apiKey: providers.amlApiKey, logger: deps.logger }),
  };
}
