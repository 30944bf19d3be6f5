// Which request comes at which index: the targets take turns (every operation of openapi.yaml
// once per round, the GraphQL endpoints several times, since their input space is the widest),
// and the request at an index is drawn from that index's own seed, so any one can be rebuilt
// alone (docs/robustness.md#reproducing-a-failure).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type GraphQLSchema, buildSchema } from 'graphql';
import { type Draw, drawFor } from './draw.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { businessGraphqlRequest, dataGraphqlRequest } from './graphql-requests.ts';
import { type FuzzOperation, readOpenapiOperations } from './openapi-operations.ts';
import { type FuzzFixtures, restRequest } from './rest-requests.ts';
import { unknownRouteRequest } from './unknown-routes.ts';

const repo = path.resolve(import.meta.dirname, '../..');

/** Turns per round: each REST operation has one. */
const graphqlTurns = 6;
const dataGraphqlTurns = 10;
const unknownRouteTurns = 2;

export interface FuzzPlan {
  readonly operations: FuzzOperation[];
  /** One round of targets; index i uses turns[i % turns.length]. */
  readonly turns: readonly string[];
  requestAt(seed: number, index: number): FuzzRequest;
}

export function createFuzzPlan(fixtures: FuzzFixtures): FuzzPlan {
  const operations = readOpenapiOperations();
  const business = buildSchema(readFileSync(path.join(repo, 'schema.graphql'), 'utf8'));
  const roles = roleSchemas();
  const builders = new Map<string, (draw: Draw) => FuzzRequest>();
  for (const operation of operations)
    builders.set(operation.operationId, (draw) => restRequest(draw, operation, fixtures));
  builders.set('graphql', (draw) => businessGraphqlRequest(draw, business));
  builders.set('data-graphql', (draw) => dataGraphqlRequest(draw, roles));
  builders.set('unknown-route', (draw) => unknownRouteRequest(draw));
  const turns = [
    ...operations.map((operation) => operation.operationId),
    ...Array<string>(graphqlTurns).fill('graphql'),
    ...Array<string>(dataGraphqlTurns).fill('data-graphql'),
    ...Array<string>(unknownRouteTurns).fill('unknown-route'),
  ];
  return {
    operations,
    turns,
    requestAt(seed, index) {
      const build = builders.get(turns[index % turns.length] as string);
      if (!build) throw new Error(`no target at index ${index}`);
      return markOversizedHead(build(drawFor(seed, index)));
    },
  };
}

/**
 * Node's parser refuses a request head over 16 KiB (431, or a reset while the rest is still being
 * sent) before the service sees it. Long query values and headers can add up past that together;
 * 15,000 bytes leaves room for the credentials the placeholders stand for.
 */
function markOversizedHead(request: FuzzRequest): FuzzRequest {
  const headerBytes = request.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  if (request.path.length + headerBytes > 15_000) request.malformedHttp = true;
  return request;
}

/** The data layer's schema of every role, from the SDL codegen writes (generated/data-layer/). */
function roleSchemas(): Map<string, GraphQLSchema> {
  const folder = path.join(repo, 'generated/data-layer');
  return new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.graphql'))
      .sort()
      .map((name) => [name.replace(/\.graphql$/, ''), buildSchema(readFileSync(path.join(folder, name), 'utf8'))]),
  );
}
