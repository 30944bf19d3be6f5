// FANOUT_WORKERS (docs/market-data.md#fan-out-on-several-cores): 1 to 64 as given, `auto` as the
// core count capped at 64 and at a cgroup v2 CPU quota (read here from fake `cpu.max` files),
// anything else refused with the other configuration problems.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { autoFanoutWorkers, cgroupCpuLimit, fanoutWorkers } from '../../src/config/fanout-workers-config.ts';

const directory = mkdtempSync(path.join(tmpdir(), 'fanout-workers-config-'));

/** A fake `cpu.max` holding `line`, as the kernel writes it (with a newline). */
function cpuMax(line: string): string {
  const file = path.join(directory, `cpu.max-${line.replace(/\W+/g, '-')}`);
  writeFileSync(file, `${line}\n`);
  return file;
}

function parse(raw: string | undefined, cpuMaxFile: string): { value: number; problems: string[] } {
  const problems: string[] = [];
  return { value: fanoutWorkers(1, cpuMaxFile)(raw, 'FANOUT_WORKERS', problems), problems };
}

test('unset is 1; 1 to 64 are taken as given', () => {
  assert.is(loadConfig({}).fanoutWorkers, 1);
  assert.is(loadConfig({ FANOUT_WORKERS: '1' }).fanoutWorkers, 1);
  assert.is(loadConfig({ FANOUT_WORKERS: '3' }).fanoutWorkers, 3);
  assert.is(loadConfig({ FANOUT_WORKERS: '64' }).fanoutWorkers, 64);
});

test('auto loads as a whole number from 1 to 64', () => {
  const workers = loadConfig({ FANOUT_WORKERS: 'auto' }).fanoutWorkers;
  assert.type(workers, 'number');
  assert.ok(Number.isInteger(workers) && workers >= 1 && workers <= 64, `got ${workers}`);
  assert.ok(workers <= availableParallelism());
});

test('auto: the cores, capped at 64 and at the quota', () => {
  assert.is(autoFanoutWorkers(8, undefined), 8);
  assert.is(autoFanoutWorkers(128, undefined), 64);
  assert.is(autoFanoutWorkers(64, 1), 1);
  assert.is(autoFanoutWorkers(2, 4), 2);
  assert.is(autoFanoutWorkers(96, 80), 64);
});

test('cpu.max: whole CPUs rounded up; max, an absent file or another form is no quota', () => {
  assert.is(cgroupCpuLimit(cpuMax('200000 100000')), 2);
  assert.is(cgroupCpuLimit(cpuMax('150000 100000')), 2);
  assert.is(cgroupCpuLimit(cpuMax('50000 100000')), 1);
  assert.is(cgroupCpuLimit(cpuMax('max 100000')), undefined);
  assert.is(cgroupCpuLimit(cpuMax('0 100000')), undefined);
  assert.is(cgroupCpuLimit(cpuMax('not a quota')), undefined);
  assert.is(cgroupCpuLimit(path.join(directory, 'absent')), undefined);
  assert.is(cgroupCpuLimit(directory), undefined);
});

test('auto with a fake cgroup file: a one-CPU quota gives 1 on any host; no quota gives the cores', () => {
  assert.equal(parse('auto', cpuMax('100000 100000')), { value: 1, problems: [] });
  assert.equal(parse('auto', cpuMax('max 100000')), {
    value: Math.min(availableParallelism(), 64),
    problems: [],
  });
  assert.equal(parse('auto', path.join(directory, 'absent')), {
    value: Math.min(availableParallelism(), 64),
    problems: [],
  });
});

test('any other value is a configuration error naming the setting', () => {
  for (const raw of ['0', '65', '2.5', '-1', 'many', 'AUTO', ' auto']) {
    assert.throws(
      () => loadConfig({ FANOUT_WORKERS: raw }),
      (error: ConfigError) =>
        error instanceof ConfigError &&
        error.problems.includes(`FANOUT_WORKERS must be a whole number from 1 to 64 or 'auto', got '${raw}'`),
      raw,
    );
  }
});

test.after(() => rmSync(directory, { recursive: true, force: true }));

test.run();
