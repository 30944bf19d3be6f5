// One obligation's command as a child process of `npm run check`: its output (stdout and stderr
// as they came, colours off) and its exit code, never thrown (docs/testing.md#npm-run-check).
import { spawn } from 'node:child_process';

export interface CommandResult {
  readonly code: number;
  readonly output: string;
}

export function runCommand(root: string, argv: readonly string[]): Promise<CommandResult> {
  return new Promise((resolve) => {
    const [command, ...args] = argv;
    const child = spawn(command!, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 127, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
