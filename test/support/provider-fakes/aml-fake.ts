// The AML provider fake (docs/providers.md#aml-screening): the AML simulator served over loopback
// HTTP, so the service's real HTTP client runs; its next screening can be made a failure, it
// counts the screenings it starts, and its screening ids are numbered from 1.
import type { AmlProvider } from '../../../src/providers/aml/aml-provider.ts';
import { createAmlSimulator } from '../../../src/providers/aml/aml-simulator.ts';
import { serveAml } from '../../../src/providers/aml/aml-simulator-server.ts';
import type { ProviderFake } from './provider-fake.ts';

export const amlApiKey = 'aml-fake-api-key-0123456789';

export interface AmlFake extends ProviderFake {
  /** The next screening throws the error instead (the server answers it as the provider would). */
  failNextScreening(error: Error): void;
  readonly screenings: { started: number };
}

export async function startAmlFake(options: { now?: () => Date } = {}): Promise<AmlFake> {
  let screeningIds = 0;
  const simulator = createAmlSimulator({
    now: options.now,
    newScreeningId: () => `00000000-0000-4000-8000-${String(++screeningIds).padStart(12, '0')}`,
  });
  let failure: Error | undefined;
  const screenings = { started: 0 };
  const provider: AmlProvider = {
    kind: simulator.kind,
    getScreening: (id) => simulator.getScreening(id),
    async screenWallet(request) {
      const error = failure;
      failure = undefined;
      if (error) throw error;
      screenings.started += 1;
      return simulator.screenWallet(request);
    },
  };
  const server = await serveAml(provider, { apiKey: amlApiKey });
  return {
    screenings,
    failNextScreening: (error) => (failure = error),
    env: { AML_URL: server.url, AML_API_KEY: amlApiKey },
    close: () => server.close(),
  };
}
