// The KYC provider fake (docs/kyc.md): the KYC simulator served over loopback HTTP with a known
// app token, secret key and webhook secret, so the service's real signed HTTP client runs; the
// applicants it holds are set by the test before it sends a webhook.
import type { KycApplicant } from '../../../src/providers/kyc/kyc-applicant.ts';
import { createKycSimulator } from '../../../src/providers/kyc/kyc-simulator.ts';
import { serveKycSimulator } from '../../../src/providers/kyc/kyc-simulator-server.ts';
import type { ProviderFake } from './provider-fake.ts';

export const kycAppToken = 'kyc-fake-app-token';
export const kycSecretKey = 'kyc-fake-secret-key-0123456789';
export const kycWebhookSecret = 'kyc-fake-webhook-secret-0123456789';

export interface KycFake extends ProviderFake {
  /** The applicants the simulator holds, by applicant id. */
  readonly applicants: Map<string, KycApplicant>;
}

export async function startKycFake(): Promise<KycFake> {
  const applicants = new Map<string, KycApplicant>();
  const server = await serveKycSimulator(createKycSimulator({ applicants }), {
    appToken: kycAppToken,
    secretKey: kycSecretKey,
  });
  return {
    applicants,
    env: {
      KYC_URL: server.url,
      KYC_APP_TOKEN: kycAppToken,
      KYC_SECRET_KEY: kycSecretKey,
      KYC_WEBHOOK_SECRET: kycWebhookSecret,
    },
    close: () => server.close(),
  };
}
