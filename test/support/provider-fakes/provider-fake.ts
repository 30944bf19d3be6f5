// A provider fake (docs/providers.md): a simulator served over loopback so the service's real
// HTTP or WebSocket client talks to it, and the settings that point a test service at it. The
// business-API test client (../business-api-client.ts) starts the service with `env` and closes
// the fake after the service.
export interface ProviderFake {
  /** The service settings that point at the fake (its URL and credentials). */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}
