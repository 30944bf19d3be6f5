// Health, readiness, service info and metrics (docs/configuration.md#operations): the operations
// answered without authentication, by load balancers and scrapers. Readiness and service info
// give their detail (latencies, messages, version, uptime, the codegen inputs' hashes) to administrators only.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import { isAdministrator } from '../../access/principal.ts';
import { publicServiceInfo, readinessStates, type ServiceInfo } from '../../domain/health/health-detail.ts';
import type { Readiness } from '../../domain/health/readiness-service.ts';

export interface HealthDependencies {
  readiness(): Promise<Readiness>;
  metricsText(): Promise<{ body: string }>;
  service: { name: string; version: string; startedAt: number; codegenInputs: Readonly<Record<string, string>> };
  /** Told of every 200 readiness answer (work held back until the first: src/composition/after-first-ready.ts). */
  onReady?: () => void;
}

type HealthHandlers = Pick<Handlers, 'getLiveness' | 'getHealth' | 'getReadiness' | 'getServiceInfo' | 'getMetrics'>;

export function healthHandlers(deps: HealthDependencies): HealthHandlers {
  return {
    getLiveness: async () => ({ status: 200, contentType: 'text/plain', body: 'ok' }),
    getHealth: async () => ({ status: 204 }),
    getReadiness: async (_input, { principal }) => {
      const readiness = await deps.readiness();
      if (readiness.status === 'ok') deps.onReady?.();
      const body = isAdministrator(principal) ? readiness : readinessStates(readiness);
      return readiness.status === 'ok'
        ? { status: 200, contentType: 'application/json', body, headers: { 'Cache-Control': 'no-store' } }
        : { status: 503, contentType: 'application/json', body, headers: { 'Cache-Control': 'no-store' } };
    },
    getServiceInfo: async (_input, { principal }) => {
      const info: ServiceInfo = {
        name: deps.service.name,
        version: deps.service.version,
        uptimeSeconds: Math.round((Date.now() - deps.service.startedAt) / 100) / 10,
        codegenInputs: deps.service.codegenInputs,
      };
      return {
        status: 200,
        contentType: 'application/json',
        body: isAdministrator(principal) ? info : publicServiceInfo(info),
      };
    },
    getMetrics: async () => {
      const metrics = await deps.metricsText();
      return { status: 200, contentType: 'text/plain; version=0.0.4', body: metrics.body };
    },
  };
}
