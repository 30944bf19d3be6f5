// Instructions per request on the main thread, counted rather than timed
// (docs/benchmarks.md#instructions-per-request-benchinstruction-profilets): `node
// bench/instruction-profile.ts [data-layer|hand-written|ping|reference-ping]` runs
// bench/instruction-target.ts under valgrind's callgrind (a thread per file, JIT code named
// through Node's perf map) and prints the main thread's instructions per request, by area and by
// function. On these shared machines timings of one setting move by ±15 % from round to round;
// the counts repeat within 1–2 %, so they can tell a change of a few hundred instructions per
// request. Needs valgrind (Debian's package); the hand-written side needs BENCH_DATABASE_URL.
// `PROFILE_SECONDS` (10, the measured round, about 50× slower under callgrind),
// `PROFILE_WARM_ROUNDS` (2), `PROFILE_TOP` (40).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface MappedCode {
  readonly start: bigint;
  readonly end: bigint;
  readonly name: string;
}

const side = process.argv[2] ?? 'data-layer';
const top = Number(process.env.PROFILE_TOP ?? 40);
const root = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'instruction-profile-'));
try {
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--separate-threads=yes',
      '--instr-atstart=no',
      `--callgrind-out-file=${folder}/callgrind.%p`,
      process.execPath,
      '--perf-basic-prof-only-functions',
      path.join(import.meta.dirname, 'instruction-target.ts'),
      side,
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const requests = Number(/measured requests: (\d+)/.exec(run.stdout)?.[1]);
  if (run.status !== 0 || !requests)
    throw new Error(`the profiled run failed:\n${run.stdout}\n${run.stderr.slice(-3000)}`);
  // The dump of the main thread (thread 01) after the measured round; the others are V8's and the driver's.
  const dump = readdirSync(folder).find((name) => /^callgrind\.\d+\.1-01$/.test(name));
  const pid = /^callgrind\.(\d+)/.exec(dump ?? '')?.[1];
  if (!dump || !pid) throw new Error(`no dump of the main thread in ${folder}`);
  report(path.join(folder, dump), readPerfMap(`/tmp/perf-${pid}.map`), requests);
  rmSync(`/tmp/perf-${pid}.map`, { force: true });
} finally {
  rmSync(folder, { recursive: true, force: true });
}

/** Node's perf map (`--perf-basic-prof-only-functions`): start, size and name of each JIT function. */
function readPerfMap(file: string): MappedCode[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      const from = BigInt(`0x${start}`);
      return { start: from, end: from + BigInt(`0x${size}`), name: name.join(' ') };
    })
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

function codeAt(map: readonly MappedCode[], address: bigint): string | undefined {
  let low = 0;
  let high = map.length - 1;
  let found: MappedCode | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (map[middle]!.start <= address) {
      found = map[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found && address < found.end ? found.name : undefined;
}

/** Self instructions per function from callgrind_annotate, JIT addresses named by the perf map. */
function report(dump: string, map: readonly MappedCode[], requests: number): void {
  const annotated = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', dump], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  let total = 0;
  const functions = new Map<string, number>();
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const count = Number(match[1]!.replaceAll(',', ''));
    if (match[2]!.includes('PROGRAM TOTALS')) total = count;
    else add(functions, nameOf(match[2]!, map), count);
  }
  const areas = new Map<string, number>();
  for (const [name, count] of functions) add(areas, areaOf(name), count);
  const perRequest = (count: number) => Math.round(count / requests).toLocaleString('en-US');
  console.log(
    `\n## ${side}: ${perRequest(total)} instructions per request on the main thread (${requests} requests)\n`,
  );
  console.log('| area | instructions per request |\n| --- | ---: |');
  for (const [area, count] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`| ${area} | ${perRequest(count)} |`);
  console.log('\n| function | instructions per request |\n| --- | ---: |');
  for (const [name, count] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`| ${name.replaceAll('|', '\\|')} | ${perRequest(count)} |`);
}

function add(counts: Map<string, number>, key: string, count: number): void {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

function nameOf(annotated: string, map: readonly MappedCode[]): string {
  const address = /^\?\?\?:0x([0-9a-f]+)/.exec(annotated)?.[1];
  if (address)
    return (
      codeAt(map, BigInt(`0x${address}`))
        ?.replace(`file://${root}/`, '')
        .replace(`${root}/`, '') ?? '(JIT code, unnamed)'
    );
  return annotated
    .replace(/\s*\[[^\]]*\]$/, '')
    .replace(/^[^:]*:/, '')
    .replace(/\(.*$/, '')
    .slice(0, 120);
}

/** A source folder (`src/data-layer`), a package, Node's own module, V8's builtins or runtime, or native code. */
function areaOf(name: string): string {
  const source = /(src\/[^/]+)\//.exec(name)?.[1];
  if (source) return source;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)?.[1];
  if (pkg) return pkg;
  const builtin = /(node:[\w/]+)/.exec(name)?.[1];
  if (builtin) return builtin;
  if (name.startsWith('Builtins_')) return 'V8 builtins';
  if (name.includes('v8::') || name.includes('heap::')) return 'V8 runtime (allocation, GC, lookups)';
  return 'native (llhttp, libuv, OpenSSL, libc, …)';
}
