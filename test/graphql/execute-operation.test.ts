// executeOperation answers as graphql-js' `execute` does, with one graphql-js loaded, and makes
// its resolvers' abort signal only for a resolver that asks, aborted once the result is complete
// (src/graphql/execute-operation.ts).
import { tracingChannel } from 'node:diagnostics_channel';
import { GraphQLError, buildSchema, execute, parse, type GraphQLResolveInfo } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { executeOperation, executesWithoutAbort } from '../../src/graphql/execute-operation.ts';

const schema = buildSchema(`
  type Query { ping: String, later: String, failing: String, required: String!, signalAborted: Boolean, echo(text: String!): String }
`);

let signalSeen: AbortSignal | undefined;
/** The signal the last `signalAborted` resolver got (a call, so TypeScript does not narrow it after a reset). */
const lastSignal = (): AbortSignal | undefined => signalSeen;
const rootValue = {
  ping: () => 'pong',
  later: async () => 'done',
  failing: () => {
    throw new Error('resolver failed');
  },
  required: () => null,
  signalAborted: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
    signalSeen = info.getAbortSignal();
    return signalSeen?.aborted ?? null;
  },
  echo: ({ text }: { text: string }) => text,
};

const both = async (source: string, variableValues?: Record<string, unknown>) => {
  const args = { schema, document: parse(source), rootValue, variableValues };
  return { ours: await executeOperation(args), theirs: await execute(args) };
};

/** Counts the AbortControllers made while `work` runs. */
async function abortControllersMadeBy(work: () => unknown): Promise<number> {
  const original = globalThis.AbortController;
  let made = 0;
  globalThis.AbortController = class extends original {
    constructor() {
      super();
      made += 1;
    }
  };
  try {
    await work();
  } finally {
    globalThis.AbortController = original;
  }
  return made;
}

test('synchronous, asynchronous, failing and null-bubbling fields answer as execute does', async () => {
  for (const source of ['{ ping }', '{ ping later }', '{ ping failing }', '{ ping required }']) {
    const { ours, theirs } = await both(source);
    assert.equal(JSON.stringify(ours), JSON.stringify(theirs), source);
  }
  const { ours } = await both('{ failing }');
  assert.ok(ours.errors?.[0] instanceof GraphQLError, 'the errors are graphql-js’ own GraphQLError');
  assert.is(ours.errors?.[0]?.message, 'resolver failed');
});

test('variables are coerced and refused as execute does', async () => {
  const query = 'query Echo($text: String!) { echo(text: $text) }';
  for (const variables of [{ text: 'hi' }, {}, { text: 3 }]) {
    const { ours, theirs } = await both(query, variables);
    assert.equal(JSON.stringify(ours), JSON.stringify(theirs), JSON.stringify(variables));
  }
});

test('no abort controller is made for an operation whose resolvers never ask for the signal', async () => {
  const document = parse('{ ping later }');
  assert.is(await abortControllersMadeBy(() => executeOperation({ schema, document, rootValue })), 0);
  // What the change spares: graphql-js' own execute makes one per execution.
  assert.is(await abortControllersMadeBy(() => execute({ schema, document, rootValue })), 1);
});

test('a resolver that asks gets a signal, not aborted while it runs, aborted once the result is complete', async () => {
  signalSeen = undefined;
  const result = await executeOperation({ schema, document: parse('{ signalAborted later }'), rootValue });
  assert.is(JSON.stringify(result.data), '{"signalAborted":false,"later":"done"}');
  assert.ok(lastSignal(), 'the resolver got a signal');
  assert.ok(lastSignal()?.aborted, 'aborted after the execution');
  signalSeen = undefined;
  executeOperation({ schema, document: parse('{ signalAborted }'), rootValue });
  assert.ok(lastSignal()?.aborted, 'aborted after a synchronous execution too');
});

test('with a subscriber on graphql:execute, the execution is graphql-js’ own, traced', async () => {
  const channel = tracingChannel('graphql:execute');
  const started: unknown[] = [];
  const start = (message: unknown) => void started.push(message);
  channel.start.subscribe(start);
  try {
    const result = await executeOperation({ schema, document: parse('{ ping }'), rootValue });
    assert.is(JSON.stringify(result.data), '{"ping":"pong"}');
  } finally {
    channel.start.unsubscribe(start);
  }
  assert.is(started.length, 1);
});

test('a schema declaring @defer is left to execute', () => {
  assert.ok(executesWithoutAbort(schema));
  assert.not.ok(executesWithoutAbort(buildSchema('directive @defer on FIELD\ntype Query { ping: String }')));
});

test.run();
