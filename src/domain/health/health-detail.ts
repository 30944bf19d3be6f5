// What readiness and service info tell a caller who is not an administrator
// (openapi.yaml /readyz and /): each check's name and status, the service's name. Latencies and
// messages name host names and file paths (the Chromium path), the version names the release,
// the uptime the last restart, the codegen inputs the specs' exact versions; an administrator gets them (docs/configuration.md#operations).
import type { CheckResult, Readiness } from './readiness-service.ts';

/** The service's name, version and uptime (openapi.yaml#/components/schemas/ServiceInfo). */
export interface ServiceInfo {
  name: string;
  version?: string;
  uptimeSeconds?: number;
  /** The hashes of the specs and migrations the running code was generated from. */
  codegenInputs?: Readonly<Record<string, string>>;
}

/** Readiness without detail: the same checks and statuses, no latency and no message. */
export function readinessStates(readiness: Readiness): Readiness {
  const checks = Object.fromEntries(
    Object.entries(readiness.checks).map(([name, check]: [string, CheckResult]) => [name, { status: check.status }]),
  ) as unknown as Readiness['checks'];
  return { status: readiness.status, checks };
}

/** Service info for anyone: the name alone. */
export function publicServiceInfo(info: ServiceInfo): ServiceInfo {
  return { name: info.name };
}
