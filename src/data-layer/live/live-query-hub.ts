// The live queries of one node (docs/data-layer.md#multiplexing): subscribers of the same compiled
// statement (same role, document, operation and plan-shaping variables, and so the same SQL and
// constants) form a cohort, refreshed by ONE multiplexed statement for all of them, with one row
// per distinct binding (session values and variables): 10,000 subscribers of 100 organizations
// cost one statement of 100 rows. A cohort refreshes every `intervalMs`, and at once when a table
// its statement reads changed (data_changed, migration 0022); never two refreshes of a cohort at a
// time. Each subscriber is told only a result whose JSON text differs from the last it got; a
// stream advances its own cursor (live-subscriber.ts).
import type { Logger } from 'pino';
import type {
  CompiledRootField,
  DataQueryExecutor,
  MultiplexedOutcome,
  RunBinding,
} from '../../records/data-layer-sql/data-query-executor.ts';
import { tablesReadBy } from '../../records/data-layer-sql/data-changed.ts';
import { isSlot } from '../../records/data-layer-sql/multiplexed-statement.ts';
import { isServiceUnavailable } from './live-errors.ts';

/** What the hub refreshes for: one subscription's binding and where its outcomes go. */
export interface LiveSubscriber {
  /** The binding the next refresh runs with (a stream's cursor moves it). */
  binding(): RunBinding;
  /**
   * A refresh's outcome for this subscriber; it decides whether anything is sent. True asks for
   * another refresh at once: a stream that just got rows may have more waiting past its new cursor.
   */
  settle(outcome: MultiplexedOutcome): boolean;
}

export interface LiveQueryHub {
  /** Adds a subscriber to its statement's cohort; the function returned removes it. */
  add(statement: CompiledRootField, subscriber: LiveSubscriber): () => void;
  /** Tables written (data_changed), or 'every' when notifications may have been lost. */
  tablesChanged(tables: readonly string[] | 'every'): void;
  /** The statement's cohort refreshed now (a stream whose first batch may not be its last). */
  refreshSoon(statement: CompiledRootField): void;
  /** Every cohort refreshed now (tests, and the interval). */
  refreshAll(): Promise<void>;
  readonly cohorts: number;
  stop(): void;
}

export interface LiveQueryHubOptions {
  readonly queries: Pick<DataQueryExecutor, 'runMultiplexed'>;
  readonly intervalMs: number;
  readonly logger: Logger;
  /** Distinct bindings per multiplexed statement; a larger cohort takes several. */
  readonly batchSize?: number;
  /** Told each cohort refresh and how many statements it ran (docs/metrics.md#live-queries). */
  readonly onRefreshed?: (statements: number) => void;
}

interface Cohort {
  readonly statement: CompiledRootField;
  readonly tables: ReadonlySet<string>;
  readonly subscribers: Set<LiveSubscriber>;
  running: Promise<void> | null;
  /** A change arrived while it ran: run once more after. */
  again: boolean;
}

const defaultBatchSize = 1_000;

export function createLiveQueryHub(options: LiveQueryHubOptions): LiveQueryHub {
  const cohorts = new Map<string, Cohort>();
  const batchSize = options.batchSize ?? defaultBatchSize;
  const refresh = (cohort: Cohort): Promise<void> => {
    if (cohort.running) {
      cohort.again = true;
      return cohort.running;
    }
    cohort.running = refreshCohort(cohort, options, batchSize)
      .then((more) => {
        if (more) cohort.again = true;
      })
      .catch((error: unknown) => options.logger.error({ err: error }, 'live query refresh failed'))
      .finally(() => {
        cohort.running = null;
        if (cohort.again && cohort.subscribers.size > 0) {
          cohort.again = false;
          void refresh(cohort);
        }
      });
    return cohort.running;
  };
  const refreshAll = async () => void (await Promise.all([...cohorts.values()].map(refresh)));
  const timer = setInterval(() => void refreshAll(), options.intervalMs);
  timer.unref();
  return {
    add(statement, subscriber) {
      const key = cohortKey(statement);
      let cohort = cohorts.get(key);
      if (!cohort) {
        cohort = {
          statement,
          tables: new Set(tablesReadBy(statement.sql)),
          subscribers: new Set(),
          running: null,
          again: false,
        };
        cohorts.set(key, cohort);
      }
      const joined = cohort;
      joined.subscribers.add(subscriber);
      return () => {
        joined.subscribers.delete(subscriber);
        if (joined.subscribers.size === 0 && cohorts.get(key) === joined) cohorts.delete(key);
      };
    },
    tablesChanged(tables) {
      for (const cohort of cohorts.values())
        if (tables === 'every' || tables.some((table) => cohort.tables.has(table))) void refresh(cohort);
    },
    refreshSoon(statement) {
      const cohort = cohorts.get(cohortKey(statement));
      if (cohort) void refresh(cohort);
    },
    refreshAll,
    get cohorts() {
      return cohorts.size;
    },
    stop: () => clearInterval(timer),
  };
}

/** The statement's text and its constants: what every subscriber of the cohort shares. */
function cohortKey(statement: CompiledRootField): string {
  const constants = statement.parameters.map((parameter) => (isSlot(parameter) ? null : parameter));
  return `${statement.name}\u0000${JSON.stringify(constants)}`;
}

/** Subscribers of one binding share a row of the multiplexed statement. */
function groupByBinding(subscribers: Iterable<LiveSubscriber>): { binding: RunBinding; members: LiveSubscriber[] }[] {
  const groups = new Map<string, { binding: RunBinding; members: LiveSubscriber[] }>();
  for (const subscriber of subscribers) {
    const binding = subscriber.binding();
    const key = JSON.stringify([binding.session, binding.variables]);
    const group = groups.get(key);
    if (group) group.members.push(subscriber);
    else groups.set(key, { binding, members: [subscriber] });
  }
  return [...groups.values()];
}

/** Refreshes every subscriber of the cohort; true when one asks for another refresh at once. */
async function refreshCohort(cohort: Cohort, options: LiveQueryHubOptions, batchSize: number): Promise<boolean> {
  const groups = groupByBinding(cohort.subscribers);
  let more = false;
  let statements = 0;
  for (let start = 0; start < groups.length; start += batchSize) {
    const batch = groups.slice(start, start + batchSize);
    statements += 1;
    const outcomes = await options.queries.runMultiplexed(
      cohort.statement,
      batch.map((group) => group.binding),
    );
    if (batch.length > 1 && failedTogether(outcomes)) {
      // One binding's value refused by PostgreSQL fails the whole statement: find whose, one by one.
      statements += batch.length;
      for (const group of batch)
        more =
          settle(group.members, (await options.queries.runMultiplexed(cohort.statement, [group.binding]))[0]) || more;
      continue;
    }
    batch.forEach((group, index) => (more = settle(group.members, outcomes[index]) || more));
  }
  options.onRefreshed?.(statements);
  return more;
}

/** Every outcome is the same client error: the statement failed as a whole, not one subscriber's value. */
function failedTogether(outcomes: readonly MultiplexedOutcome[]): boolean {
  const first = outcomes[0];
  if (!first || !('error' in first) || isServiceUnavailable(first.error)) return false;
  return outcomes.every((outcome) => 'error' in outcome && outcome.error === first.error);
}

function settle(members: readonly LiveSubscriber[], outcome: MultiplexedOutcome | undefined): boolean {
  if (!outcome) return false;
  let more = false;
  for (const member of members) more = member.settle(outcome) || more;
  return more;
}
