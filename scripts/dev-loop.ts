// `npm run dev`, the API designer's loop (docs/code-generation.md#npm-run-dev): runs the service
// (scripts/dev/service-process.ts), watches the specs, codegen.yml and src/ (watch-inputs.ts), and
// after each edit regenerates what it affects, typechecks and restarts (dev-cycle.ts), printing one
// status line per edit. An edit with problems prints them and leaves the last good version serving.
import path from 'node:path';
import { changedCodegenInputs, codegenInputHashes, recordedCodegenInputs } from '../src/composition/codegen-inputs.js';
import { affectedWork } from './dev/affected-generators.ts';
import { createDevCycle } from './dev/dev-cycle.ts';
import { createRegenerator } from './dev/regenerate.ts';
import {
  readinessUrl,
  serviceLog,
  serviceLogTail,
  type ServiceProcess,
  startServiceProcess,
  stopServiceProcess,
  waitUntilReady,
} from './dev/service-process.ts';
import { typecheck } from './dev/typecheck.ts';
import { watchInputs } from './dev/watch-inputs.ts';

const root = path.resolve(import.meta.dirname, '..');
const readyUrl = readinessUrl(process.env);
const print = (line: string) => process.stdout.write(`${line}\n`);
const regenerator = createRegenerator(root);
// The first edit of a spec needs the introspected database: start on it now.
regenerator.introspect();

let service: ServiceProcess | undefined;
let stopping = false;

async function restart(since: number): Promise<{ readyMs: number } | { failed: string }> {
  const previous = service;
  // Unset first: the exit of a service stopped on purpose is not reported as a crash.
  service = undefined;
  if (previous) await stopServiceProcess(previous);
  const started = startServiceProcess(root);
  service = started;
  void started.exited.then((code) => {
    if (service === started && !stopping)
      print(`the service exited (code ${code}); ${serviceLog}:\n${serviceLogTail(root)}`);
  });
  if (await waitUntilReady(started, readyUrl)) return { readyMs: Math.round(performance.now() - since) };
  return { failed: `the service did not answer ${readyUrl} with 200; ${serviceLog}:\n${serviceLogTail(root)}` };
}

const cycle = createDevCycle({ regenerator, typecheck: (out) => typecheck(root, out), restart, print });

/** Batches wait while a turn runs and are merged, so turns never overlap. */
let pending: { paths: Set<string>; since: number } | undefined;
let busy = false;
async function drain(): Promise<void> {
  if (busy) return;
  busy = true;
  while (pending && !stopping) {
    const batch = pending;
    pending = undefined;
    await cycle.run(affectedWork(batch.paths), batch.since);
  }
  busy = false;
}
function onBatch(paths: string[], since: number): void {
  if (pending) for (const file of paths) pending.paths.add(file);
  else pending = { paths: new Set(paths), since };
  void drain();
}

print(`npm run dev: watching the specs, codegen.yml and src/; service output in ${serviceLog}; Ctrl-C stops`);
const watcher = watchInputs(root, onBatch);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
    watcher.close();
    void (service ? stopServiceProcess(service) : Promise.resolve()).then(() => process.exit(0));
  });
// Inputs changed since the last `npm run codegen` go through a turn like an edit (the service
// would refuse generated code older than its specs); otherwise the service starts at once and
// the first typecheck runs beside it.
const stale = changedCodegenInputs(recordedCodegenInputs(root), codegenInputHashes(root));
if (stale.length > 0) onBatch(stale, performance.now());
else {
  const since = performance.now();
  const [started, checked] = await Promise.all([restart(since), typecheck(root, print)]);
  if ('failed' in started) print(started.failed);
  const typecheckText = checked.errors > 0 ? `typecheck: ${checked.errors} error(s)` : 'typecheck ok';
  print(`started: ${typecheckText}${'failed' in started ? '' : `, ready in ${started.readyMs} ms`}`);
}
