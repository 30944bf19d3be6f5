// The only reader of process.env (docs/architecture.md#layers). Validates, fills defaults,
// freezes; invalid configuration fails at start with every problem listed.
import path from 'node:path';
import {
  between,
  count,
  oneOf,
  originList,
  type Parser,
  port,
  productList,
  redisPrefix,
  secret,
  text,
  url,
} from './config-schema.ts';
import { type DocumentIssuerConfig, readDocumentIssuer } from './document-issuer-config.ts';
import { fanoutWorkers } from './fanout-workers-config.ts';
import { type KycDataKeyEntry, parseKycDataKeys } from './kyc-data-keys-config.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const seedModes = ['demo', 'none'] as const;
/** Coin prices are refreshed every few minutes (docs/domain.md#trading). */
export const defaultCoinPricesRefreshMs = 5 * 60_000;
/**
 * One fan-out process: every socket served by the service's own process; not `auto`, as each
 * worker costs memory and a round trip per socket operation (docs/market-data.md#fan-out-on-several-cores).
 */
export const defaultFanoutWorkers = 1;
/** OTC quotes live tens of seconds by default (docs/domain.md#trading). */
export const defaultOtcQuoteTtlSeconds = 30;
/** 0.25 %, the fee of the demo quotes (docs/trading.md#configuration). */
export const defaultOtcFeeBps = 25;
/**
 * The custody simulator broadcasts a signed send 5 s after signing and confirms it a minute later:
 * about one Bitcoin block, scaled down (docs/custody.md#the-simulator).
 */
export const defaultCustodySimulatorTiming = { broadcastAfterMs: 5_000, confirmAfterMs: 60_000 } as const;
/** A custodial wallet's sends and whitelist changes need one approval by another user (docs/custody.md#approval-policy-of-new-wallets). */
export const defaultCustodyApprovalsRequired = 1;
/** The journal is reconciled with the custodian every 15 minutes (docs/ledger.md#reconciliation). */
export const defaultReconcileIntervalSeconds = 15 * 60;
/** A week: timers cannot wait much longer (2^31 − 1 ms, about 24 days). */
const maxReconcileIntervalSeconds = 7 * 24 * 60 * 60;
/** The most approvals a custodian policy may ask for (the custody port's `approvalsRequired`, docs/custody.md#the-port). */
const maxCustodyApprovalsRequired = 10;
/** The simulated market's seed is 32 bits (docs/market-data.md#the-simulated-market). */
export const maxSimulatedMarketSeed = 4_294_967_295;

export interface Config {
  readonly production: boolean;
  readonly host: string;
  readonly port: number;
  readonly dataPort: number;
  readonly publicUrl: string;
  readonly dataPublicUrl: string;
  readonly databaseUrl: string | undefined;
  /** Deadlines of database work and of a request (docs/database.md#database-faults); 0 disables one. */
  /** Connections of this node's pool, besides its one LISTEN connection (docs/database.md#connection-budget). */
  readonly dbPoolSize: number;
  /** DATABASE_DIRECT_URL: the server itself, for LISTEN and migrations, when DATABASE_URL is a pooler (docs/database.md#behind-pgbouncer). */
  readonly databaseDirectUrl: string | undefined;
  /** DB_PREPARED_STATEMENTS: data-layer queries as named prepared statements (docs/data-layer.md#prepared-statements). */
  readonly dbPreparedStatements: boolean;
  readonly timeouts: {
    readonly dbStatementMs: number;
    readonly dbConnectMs: number;
    readonly requestMs: number;
  };
  readonly dataDir: string;
  /** Directory of uploaded files (docs/files.md); `DATA_DIR/uploads` unless UPLOAD_DIR is set. */
  readonly uploadDir: string;
  readonly embeddedPostgresPort: number;
  readonly seed: 'demo' | 'none' | undefined;
  readonly logLevel: (typeof logLevels)[number];
  readonly adminApiKey: string | undefined;
  readonly dataAdminSecret: string | undefined;
  /** Encrypts the private signing keys stored in PostgreSQL (docs/identity.md#signing-keys). */
  readonly signingKeySecret: string | undefined;
  /** The key ring of KYC questionnaire answers at rest (docs/kyc.md#keys); the first encrypts. Unset: generated. */
  readonly kycDataKeys: readonly KycDataKeyEntry[] | undefined;
  /** Verifies the KYC provider's webhooks (`X-Payload-Digest`, docs/kyc.md#webhooks). Unset: generated. */
  readonly kycWebhookSecret: string | undefined;
  /** Origins `returnTo` may point at, besides PUBLIC_URL's own (no open redirect). */
  readonly returnToOrigins: readonly string[];
  /** Requests per minute per client address on each authentication route; 0 disables. */
  readonly authRateLimit: number;
  /** Requests per minute per client address, and per credential, on POST /graphql and /v1/graphql; 0 disables. */
  readonly apiRateLimit: number;
  /** Refused credentials per minute per client address before its credentials are no longer checked; 0 disables. */
  readonly failedCredentialLimit: number;
  /** Requests per minute per client address, and per credential, on POST /documents/upload; 0 disables. */
  readonly uploadRateLimit: number;
  /** Caps on the business API's graphql-ws sockets (docs/identity.md#sockets); 0 leaves one uncapped. */
  readonly socketCaps: {
    readonly socketsPerAddress: number;
    readonly socketsPerCredential: number;
    readonly operationsPerSocket: number;
  };
  /**
   * Processes that write the order-book fan-out (docs/market-data.md#fan-out), 1 to 64: 1 serves
   * every graphql-ws socket in the service's own process; more hands each socket to one of that
   * many fan-out worker processes. `auto` is read as the core count (fanout-workers-config.ts).
   */
  readonly fanoutWorkers: number;
  /** The longest a data-layer live query waits between refreshes (docs/data-layer.md#refresh), 10 to 60,000 ms. */
  readonly dataLiveQueryIntervalMs: number;
  /** The most cost points one business GraphQL operation may cost (docs/api-limits.md); 0 disables. */
  readonly graphqlMaxCost: number;
  /** Cost points per minute per client address, and per credential, of business GraphQL operations; 0 disables. */
  readonly graphqlCostRateLimit: number;
  /** Seconds a verified API key is served from memory: how long a revocation missed by this node may go unseen. */
  readonly apiKeyCacheSeconds: number;
  /** How long a shutdown waits for requests in flight before it cuts them (docs/service.md#shutdown). */
  readonly shutdownTimeoutMs: number;
  readonly oidc: {
    readonly issuer: string | undefined;
    readonly clientId: string | undefined;
    readonly clientSecret: string | undefined;
    readonly audience: string | undefined;
  };
  readonly redisUrl: string | undefined;
  /** OpenTelemetry traces (docs/tracing.md): off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  readonly otel: { readonly endpoint: string | undefined; readonly serviceName: string | undefined };
  /** Starts every Redis key and channel of this deployment (docs/configuration.md); '' by default. */
  readonly redisPrefix: string;
  /** Mebibytes the in-process result cache may hold (docs/caches.md#result-cache); 0 keeps none. Not used with Redis. */
  readonly resultCacheMb: number;
  readonly chromiumPath: string | undefined;
  /** API_EXPLORER: /docs, /openapi.json, /openapi.yaml and GraphiQL on both ports (docs/api-explorer.md); off by default when NODE_ENV=production. */
  readonly apiExplorer: boolean;
  /** RESPONSE_VALIDATION: check REST answers against openapi.yaml (docs/requests.md#response-validation); `fail` by default, `off` when NODE_ENV=production. */
  readonly responseValidation: 'fail' | 'log' | 'off';
  /** Launch Chromium at start so the first PDF is warm; off, it launches on the first PDF. */
  readonly pdfPrewarm: boolean;
  /** The operator printed as issuer on documents (DOCUMENT_ISSUER_*; demo values when none is set). */
  readonly documentIssuer: DocumentIssuerConfig;
  /** VALUE_HISTORY: write each wallet's daily value point, and back-fill missed days at start (docs/valuation.md#value-history). */
  readonly valueHistory: boolean;
  readonly providers: {
    readonly custodyUrl: string | undefined;
    /** Bearer token of the custodian (docs/custody.md#configuration); required with custodyUrl. */
    readonly custodyAccessToken: string | undefined;
    /**
     * CUSTODY_SIM_BROADCAST_MS, CUSTODY_SIM_CONFIRM_MS: when the in-process custody simulator (no
     * custodyUrl) moves a signed send to unconfirmed, and then to confirmed (docs/custody.md#configuration).
     */
    readonly custodySimulatorTiming: { readonly broadcastAfterMs: number; readonly confirmAfterMs: number };
    /** CUSTODY_APPROVALS_REQUIRED: approvals each send and whitelist change of a new CUSTODIAL wallet needs at the custodian. */
    readonly custodyApprovalsRequired: number;
    /** RECONCILE_INTERVAL_SECONDS: time between two reconciliations of the journal with the custodian; 0: none. */
    readonly reconcileIntervalSeconds: number;
    readonly kycUrl: string | undefined;
    readonly kycAppToken: string | undefined;
    readonly kycSecretKey: string | undefined;
    readonly marketDataUrl: string | undefined;
    /** MARKET_DATA: keep live order books (docs/market-data.md#configuration); off prices every quote from the coin prices. */
    readonly marketData: boolean;
    /** MARKET_DATA_PRODUCTS: the products the feed follows; null: the listed trading products (docs/market-data.md#configuration). */
    readonly marketDataProducts: readonly string[] | null;
    readonly coinPricesUrl: string | undefined;
    /** Time between two coin price refreshes (docs/providers.md#price-refresh). */
    readonly coinPricesRefreshMs: number;
    /** A stored coin price older than this is stale (docs/providers.md#staleness); 3 × the refresh interval unless set. */
    readonly coinPricesMaxAgeMs: number;
    readonly amlUrl: string | undefined;
    /** Bearer API key of the AML provider; required with AML_URL. */
    readonly amlApiKey: string | undefined;
    /** SIMULATED_MARKET_SEED: the seed of the market both simulators follow (docs/market-data.md#the-simulated-market). */
    readonly simulatedMarketSeed: number;
  };
  /** OTC quotes of the business API (docs/trading.md#configuration). */
  readonly trading: {
    /** How long a quote stays executable after it is priced or re-priced (OTC_QUOTE_TTL_SECONDS). */
    readonly quoteTtlSeconds: number;
    /** The desk's fee in basis points of the notional (OTC_FEE_BPS): 25 is 0.25 %. */
    readonly feeBps: number;
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

const webUrl = url({ protocols: ['http:', 'https:'] });

/** Reads one variable with its parser; the parser adds to the shared list of problems. */
type Read = <T>(name: string, parse: Parser<T>) => T;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read: Read = (name, parse) => parse(env[name], name, problems);
  const production = env.NODE_ENV === 'production';
  const config = readConfig(read, env, production, problems);
  problems.push(...consistencyProblems(config, env));
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

/** Every setting, read in the order its problems are listed. */
function readConfig(read: Read, env: Env, production: boolean, problems: string[]): Config {
  const host = read('HOST', text('127.0.0.1')) as string;
  const httpPort = read('PORT', port(3000));
  const dataPort = read('DATA_PORT', port(3001));
  const coinPricesRefreshMs = read('COIN_PRICES_REFRESH_MS', count(defaultCoinPricesRefreshMs));
  return {
    production,
    host,
    port: httpPort,
    dataPort,
    ...readPlaces(read, host, httpPort, dataPort),
    ...readSecrets(read),
    ...readLimits(read),
    oidc: {
      issuer: read('OIDC_ISSUER', webUrl),
      clientId: read('OIDC_CLIENT_ID', text()),
      clientSecret: read('OIDC_CLIENT_SECRET', text()),
      audience: read('OIDC_AUDIENCE', text()),
    },
    redisUrl: read('REDIS_URL', url({ protocols: ['redis:', 'rediss:'] })),
    otel: {
      endpoint: read('OTEL_EXPORTER_OTLP_ENDPOINT', url({ protocols: ['http:', 'https:'] })),
      serviceName: read('OTEL_SERVICE_NAME', text()),
    },
    redisPrefix: read('REDIS_PREFIX', redisPrefix()),
    resultCacheMb: read('RESULT_CACHE_MB', count(64)),
    chromiumPath: read('CHROMIUM_PATH', text()),
    apiExplorer: read('API_EXPLORER', oneOf(['on', 'off'], production ? 'off' : 'on')) === 'on',
    pdfPrewarm: read('PDF_PREWARM', oneOf(['true', 'false'], 'true')) === 'true',
    responseValidation: read('RESPONSE_VALIDATION', oneOf(['fail', 'log', 'off'], production ? 'off' : 'fail')) as
      'fail' | 'log' | 'off',
    documentIssuer: readDocumentIssuer(env, production, problems),
    valueHistory: read('VALUE_HISTORY', oneOf(['on', 'off'], 'on')) === 'on',
    providers: readProviders(read, coinPricesRefreshMs),
    trading: {
      quoteTtlSeconds: read('OTC_QUOTE_TTL_SECONDS', count(defaultOtcQuoteTtlSeconds)),
      feeBps: read('OTC_FEE_BPS', count(defaultOtcFeeBps)),
    },
  };
}

/** Where the service is reached, and where it keeps its data. */
function readPlaces(
  read: Read,
  host: string,
  httpPort: number,
  dataPort: number,
): Pick<
  Config,
  | 'publicUrl'
  | 'dataPublicUrl'
  | 'databaseUrl'
  | 'dbPoolSize'
  | 'databaseDirectUrl'
  | 'dbPreparedStatements'
  | 'timeouts'
  | 'dataDir'
  | 'uploadDir'
  | 'embeddedPostgresPort'
  | 'seed'
  | 'logLevel'
> {
  return {
    publicUrl: stripSlash(read('PUBLIC_URL', webUrl) ?? `http://${displayHost(host)}:${httpPort}`),
    dataPublicUrl: stripSlash(read('DATA_PUBLIC_URL', webUrl) ?? `http://${displayHost(host)}:${dataPort}`),
    databaseUrl: read('DATABASE_URL', url({ protocols: ['postgres:', 'postgresql:'] })),
    dbPoolSize: read('DB_POOL_SIZE', between(1, 1_000, 10)),
    databaseDirectUrl: read('DATABASE_DIRECT_URL', url({ protocols: ['postgres:', 'postgresql:'] })),
    dbPreparedStatements: read('DB_PREPARED_STATEMENTS', oneOf(['on', 'off'], 'on')) === 'on',
    timeouts: {
      dbStatementMs: read('DB_STATEMENT_TIMEOUT_MS', count(10_000)),
      dbConnectMs: read('DB_CONNECT_TIMEOUT_MS', count(5_000)),
      requestMs: read('REQUEST_TIMEOUT_MS', count(30_000)),
    },
    dataDir: path.resolve(read('DATA_DIR', text('.data')) as string),
    uploadDir: path.resolve(
      read('UPLOAD_DIR', text()) ?? path.join(read('DATA_DIR', text('.data')) as string, 'uploads'),
    ),
    embeddedPostgresPort: read('EMBEDDED_POSTGRES_PORT', port(0)),
    seed: read('SEED', oneOf(seedModes, undefined)),
    logLevel: read('LOG_LEVEL', oneOf(logLevels, 'info')) as Config['logLevel'],
  };
}

function readSecrets(
  read: Read,
): Pick<
  Config,
  'adminApiKey' | 'dataAdminSecret' | 'signingKeySecret' | 'kycDataKeys' | 'kycWebhookSecret' | 'returnToOrigins'
> {
  return {
    adminApiKey: read('ADMIN_API_KEY', secret(24)),
    dataAdminSecret: read('DATA_ADMIN_SECRET', secret(24)),
    signingKeySecret: read('SIGNING_KEY_SECRET', secret(32)),
    kycDataKeys: read('KYC_DATA_KEYS', parseKycDataKeys),
    kycWebhookSecret: read('KYC_WEBHOOK_SECRET', secret(16)),
    returnToOrigins: read('RETURN_TO_ORIGINS', originList()),
  };
}

/** Rate limits, caps and the waits of the service's own work. */
function readLimits(
  read: Read,
): Pick<
  Config,
  | 'authRateLimit'
  | 'apiRateLimit'
  | 'uploadRateLimit'
  | 'failedCredentialLimit'
  | 'socketCaps'
  | 'fanoutWorkers'
  | 'dataLiveQueryIntervalMs'
  | 'graphqlMaxCost'
  | 'graphqlCostRateLimit'
  | 'apiKeyCacheSeconds'
  | 'shutdownTimeoutMs'
> {
  return {
    authRateLimit: read('AUTH_RATE_LIMIT', count(300)),
    apiRateLimit: read('API_RATE_LIMIT', count(6_000)),
    uploadRateLimit: read('UPLOAD_RATE_LIMIT', count(30)),
    failedCredentialLimit: read('FAILED_CREDENTIAL_LIMIT', count(30)),
    socketCaps: {
      socketsPerAddress: read('WS_MAX_SOCKETS_PER_ADDRESS', count(100)),
      socketsPerCredential: read('WS_MAX_SOCKETS_PER_KEY', count(200)),
      operationsPerSocket: read('WS_MAX_OPERATIONS_PER_SOCKET', count(50)),
    },
    fanoutWorkers: read('FANOUT_WORKERS', fanoutWorkers(defaultFanoutWorkers)),
    dataLiveQueryIntervalMs: read('DATA_LIVE_QUERY_INTERVAL_MS', count(1_000)),
    graphqlMaxCost: read('GRAPHQL_MAX_COST', count(1_000)),
    graphqlCostRateLimit: read('GRAPHQL_COST_RATE_LIMIT', count(20_000)),
    apiKeyCacheSeconds: read('API_KEY_CACHE_SECONDS', count(10)),
    shutdownTimeoutMs: read('SHUTDOWN_TIMEOUT_MS', count(20_000)),
  };
}

function readProviders(read: Read, coinPricesRefreshMs: number): Config['providers'] {
  return {
    custodyUrl: read('CUSTODY_URL', webUrl),
    custodyAccessToken: read('CUSTODY_ACCESS_TOKEN', text()),
    custodySimulatorTiming: {
      broadcastAfterMs: read('CUSTODY_SIM_BROADCAST_MS', count(defaultCustodySimulatorTiming.broadcastAfterMs)),
      confirmAfterMs: read('CUSTODY_SIM_CONFIRM_MS', count(defaultCustodySimulatorTiming.confirmAfterMs)),
    },
    custodyApprovalsRequired: read('CUSTODY_APPROVALS_REQUIRED', count(defaultCustodyApprovalsRequired)),
    reconcileIntervalSeconds: read('RECONCILE_INTERVAL_SECONDS', count(defaultReconcileIntervalSeconds)),
    kycUrl: read('KYC_URL', webUrl),
    kycAppToken: read('KYC_APP_TOKEN', text()),
    kycSecretKey: read('KYC_SECRET_KEY', text()),
    marketDataUrl: read('MARKET_DATA_URL', url({ protocols: ['ws:', 'wss:'] })),
    marketData: read('MARKET_DATA', oneOf(['on', 'off'], 'on')) === 'on',
    marketDataProducts: read('MARKET_DATA_PRODUCTS', productList()),
    coinPricesUrl: read('COIN_PRICES_URL', webUrl),
    coinPricesRefreshMs,
    coinPricesMaxAgeMs: read('COIN_PRICES_MAX_AGE_MS', count(3 * coinPricesRefreshMs)),
    amlUrl: read('AML_URL', webUrl),
    amlApiKey: read('AML_API_KEY', text()),
    simulatedMarketSeed: read('SIMULATED_MARKET_SEED', count(1)),
  };
}

/** Settings that are each valid but do not fit together, or are missing where another needs them. */
function consistencyProblems(config: Config, env: Env): string[] {
  const problems = config.production ? productionProblems(env) : [];
  problems.push(...providerProblems(config, env), ...tradingProblems(config.trading, env));
  if (config.oidc.issuer && !config.oidc.clientId) problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (config.port !== 0 && config.port === config.dataPort) problems.push('PORT and DATA_PORT must differ');
  if (config.dataLiveQueryIntervalMs < 10 || config.dataLiveQueryIntervalMs > 60_000)
    problems.push(`DATA_LIVE_QUERY_INTERVAL_MS must be from 10 to 60000, got ${config.dataLiveQueryIntervalMs}`);
  if (config.databaseDirectUrl && !config.databaseUrl)
    problems.push('DATABASE_DIRECT_URL needs DATABASE_URL (the embedded PostgreSQL is reached directly)');
  problems.push(...timeoutProblems(config.timeouts), ...costProblems(config));
  return problems;
}

function productionProblems(env: Env): string[] {
  // Generated secrets are a convenience of the embedded setup only
  // (docs/configuration.md#production-mode).
  const required = [
    'ADMIN_API_KEY',
    'DATA_ADMIN_SECRET',
    'SIGNING_KEY_SECRET',
    'KYC_DATA_KEYS',
    'DATABASE_URL',
    'PUBLIC_URL',
  ] as const;
  const problems = required.filter((name) => !env[name]).map((name) => `${name} is required when NODE_ENV=production`);
  // The built-in development identity provider lets anyone pick a user.
  if (!env.OIDC_ISSUER)
    problems.push('OIDC_ISSUER is required when NODE_ENV=production (the built-in provider is for development only)');
  return problems;
}

function providerProblems(config: Config, env: Env): string[] {
  const { providers } = config;
  const problems: string[] = [];
  if (providers.kycUrl && !(providers.kycAppToken && providers.kycSecretKey)) {
    problems.push('KYC_APP_TOKEN and KYC_SECRET_KEY are required when KYC_URL is set');
  }
  // The provider's webhooks reach a production service only with a real provider behind it.
  if (config.production && providers.kycUrl && !config.kycWebhookSecret) {
    problems.push('KYC_WEBHOOK_SECRET is required when NODE_ENV=production and KYC_URL is set');
  }
  if (providers.amlUrl && !providers.amlApiKey) {
    problems.push('AML_API_KEY is required when AML_URL is set');
  }
  if (providers.coinPricesRefreshMs < 1_000) {
    problems.push(`COIN_PRICES_REFRESH_MS must be at least 1000, got '${env.COIN_PRICES_REFRESH_MS}'`);
  }
  if (providers.coinPricesMaxAgeMs < providers.coinPricesRefreshMs) {
    problems.push(
      `COIN_PRICES_MAX_AGE_MS must be at least the refresh interval (${providers.coinPricesRefreshMs}), got '${env.COIN_PRICES_MAX_AGE_MS}'`,
    );
  }
  if (providers.custodyUrl && !providers.custodyAccessToken) {
    problems.push('CUSTODY_ACCESS_TOKEN is required when CUSTODY_URL is set');
  }
  if (providers.reconcileIntervalSeconds > maxReconcileIntervalSeconds) {
    problems.push(
      `RECONCILE_INTERVAL_SECONDS must be from 0 to ${maxReconcileIntervalSeconds}, got '${env.RECONCILE_INTERVAL_SECONDS}'`,
    );
  }
  if (providers.custodyApprovalsRequired > maxCustodyApprovalsRequired) {
    problems.push(
      `CUSTODY_APPROVALS_REQUIRED must be from 0 to ${maxCustodyApprovalsRequired}, got '${env.CUSTODY_APPROVALS_REQUIRED}'`,
    );
  }
  if (providers.simulatedMarketSeed > maxSimulatedMarketSeed) {
    problems.push(
      `SIMULATED_MARKET_SEED must be at most ${maxSimulatedMarketSeed}, got '${env.SIMULATED_MARKET_SEED}'`,
    );
  }
  return problems;
}

/**
 * A quote must live at least a second and at most an hour (real desks quote for seconds); a fee
 * above 10 % (1000 bps) is taken for a typing mistake rather than a price.
 */
function tradingProblems(trading: Config['trading'], env: Env): string[] {
  return [
    ...(trading.quoteTtlSeconds < 1 || trading.quoteTtlSeconds > 3600
      ? [`OTC_QUOTE_TTL_SECONDS must be from 1 to 3600, got '${env.OTC_QUOTE_TTL_SECONDS}'`]
      : []),
    ...(trading.feeBps > 1000 ? [`OTC_FEE_BPS must be from 0 to 1000, got '${env.OTC_FEE_BPS}'`] : []),
  ];
}

/** An operation the maximum admits must fit the per-minute budget, or it could never run. */
function costProblems(config: Pick<Config, 'graphqlMaxCost' | 'graphqlCostRateLimit'>): string[] {
  const { graphqlMaxCost: maximum, graphqlCostRateLimit: budget } = config;
  if (budget === 0 || (maximum !== 0 && maximum <= budget)) return [];
  return [
    `GRAPHQL_COST_RATE_LIMIT (${budget}) must be at least GRAPHQL_MAX_COST (${maximum === 0 ? 'no maximum' : maximum}), or 0: off`,
  ];
}

/** Database waits must end inside the request deadline, or the deadline answers first every time. */
function timeoutProblems(timeouts: Config['timeouts']): string[] {
  if (timeouts.requestMs === 0) return [];
  const over = (ms: number) => ms >= timeouts.requestMs;
  return [
    ...(over(timeouts.dbStatementMs) ? ['DB_STATEMENT_TIMEOUT_MS must be below REQUEST_TIMEOUT_MS (or 0: none)'] : []),
    ...(over(timeouts.dbConnectMs) ? ['DB_CONNECT_TIMEOUT_MS must be below REQUEST_TIMEOUT_MS (or 0: none)'] : []),
  ];
}

function stripSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}
