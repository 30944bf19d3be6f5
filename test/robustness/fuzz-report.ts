// What a fuzz run prints: per seed, the statuses, requests per second and the slowest answers; for
// each failure a reproduction (method, target, headers with credentials as placeholders, a body
// excerpt, seed and index, the command that replays it, the service's log lines for it); and the
// service's memory before and after.
import type { FuzzFailure, SeedResult } from './run-fuzz.ts';
import type { LogLine } from './service-process.ts';
import type { ProcessMemory } from './collect-garbage.ts';

const megabyte = 1024 * 1024;

export function formatSeed(result: SeedResult): string {
  const seconds = result.elapsedMs / 1000;
  const statuses = [...result.statuses].sort(([a], [b]) => a.localeCompare(b));
  const accepted = [...result.accepted.values()].reduce((sum, value) => sum + value, 0);
  return [
    `seed ${result.seed}: ${result.requests} requests in ${seconds.toFixed(1)} s (${(result.requests / seconds).toFixed(0)} requests/s), ${result.failures.length} failed checks`,
    `  statuses: ${statuses.map(([status, n]) => `${status}: ${n}`).join(', ')}`,
    `  answered below 400 (past validation and authentication): ${accepted}; GraphQL documents that ran without errors: ${[...result.executed].map(([target, n]) => `${target} ${n}`).join(', ')}`,
    `  slowest: ${result.slowest.map((slow) => `${slow.ms.toFixed(0)} ms #${slow.index} ${slow.target} [${slow.variant}]`).join('; ')}`,
  ].join('\n');
}

export function formatMemory(
  label: string,
  rawBytes: number,
  liveBytes: number | undefined,
  childrenBytes: number,
): string {
  const live = liveBytes === undefined ? '' : `, ${mb(liveBytes)} after garbage collection`;
  return `${label}: service RSS ${mb(rawBytes)}${live} (its child processes: ${mb(childrenBytes)})`;
}

/** The service's own account of its memory: where resident memory that is not V8's heap is. */
export function formatProcessMemory(usage: ProcessMemory): string {
  return `V8 heap ${mb(usage.heapUsed)} used of ${mb(usage.heapTotal)}, external ${mb(usage.external)} (array buffers ${mb(usage.arrayBuffers)})`;
}

const mb = (bytes: number) => `${Math.round(bytes / megabyte)} MB`;

export function formatFailure(failure: FuzzFailure, logLines: readonly LogLine[]): string {
  const { request, response } = failure;
  const requestId = response?.headers['x-request-id'];
  const logs = logLines.filter((line) => requestId !== undefined && line.requestId === requestId);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  return [
    failure.problems.length > 0
      ? `FAILED seed ${failure.seed} index ${failure.index} (${request.target}): ${failure.problems.join('; ')}`
      : `passed: seed ${failure.seed} index ${failure.index} (${request.target})`,
    `  replay: FUZZ_SEEDS=${failure.seed} FUZZ_INDEX=${failure.index} npm run test:robustness`,
    `  ${request.method} ${excerpt(request.path, 300)}  (${request.port === 'main' ? 'main port' : 'data port'})`,
    ...request.headers.map(([name, value]) => `  ${name}: ${excerpt(value, 200)}`),
    body === undefined
      ? '  (no body)'
      : `  body, ${body.length} bytes, framing ${request.framing}: ${excerpt(body.toString('utf8'), 400)}`,
    `  variant: ${request.variant.join(' ')}`,
    response
      ? `  answer: ${response.status} ${response.headers['content-type'] ?? '(no content type)'} ${excerpt(response.body.toString('utf8'), 400)}`
      : '  answer: none',
    ...logs.map((line) => `  log: ${excerpt(JSON.stringify(line), 1_500)}`),
  ].join('\n');
}

/**
 * Failures grouped by target and kind of problem: the first of each group in full (the smallest
 * index, the easiest to replay), the others counted.
 */
export function formatFailures(
  failures: readonly FuzzFailure[],
  logLines: readonly LogLine[],
  groups: number,
): string[] {
  const byKind = new Map<string, FuzzFailure[]>();
  for (const failure of failures) {
    const kind = `${failure.request.target}: ${failure.problems.map((problem) => problem.slice(0, 60)).join('; ')}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), failure]);
  }
  const lines = [...byKind].slice(0, groups).map(([kind, members]) => {
    const first = [...members].sort((a, b) => a.index - b.index)[0] as FuzzFailure;
    return `${members.length}× ${kind}\n${formatFailure(first, logLines)}`;
  });
  if (byKind.size > groups) lines.push(`… and ${byKind.size - groups} more kinds of failure`);
  return lines;
}

/** Error lines of the service not tied to a failed request (or logged without a request id). */
export function formatErrorLogs(logLines: readonly LogLine[]): string[] {
  const seen = new Map<string, number>();
  for (const line of logLines) {
    if ((line.level ?? 0) < 50) continue;
    const error = line.err as { type?: string; message?: string } | undefined;
    const key = `${line.msg} ${error?.type ?? ''} ${excerpt(error?.message ?? '', 200)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([key, times]) => `${times}× ${key}`);
}

function excerpt(text: string, length: number): string {
  const printable = JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
  return `${printable.slice(1, -1)}${text.length > length ? ` (${text.length} characters)` : ''}`;
}
