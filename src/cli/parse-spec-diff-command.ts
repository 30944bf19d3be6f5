// The command line of `npm run spec:diff` (docs/spec-diff.md), parsed completely before anything
// runs: a usage error prints what was wrong and the usage, and exits 2.
export const specDiffUsage = `Usage: npm run spec:diff -- REF [REF] [--allow FILE] [--as-json]

  Compares openapi.yaml and schema.graphql at git REF with the second REF (default: the working
  tree) and lists every change as breaking, dangerous or safe, each with its fingerprint.
  Breaking changes not in the allow-list (default: spec-diff-allow.yaml) fail with exit code 1.

  --allow FILE   the allow-list to read instead of spec-diff-allow.yaml
  --as-json      the outcome as JSON, for tools
  --help, -h     print this text

Exit codes: 0 no breaking change outside the allow-list, 1 some, 2 a usage error, an unknown
ref, a spec that does not parse or a malformed allow-list.
`;

export class SpecDiffUsageError extends Error {
  override name = 'SpecDiffUsageError';
}

export type SpecDiffCommand =
  | { readonly name: 'help' }
  | {
      readonly name: 'diff';
      readonly before: string;
      /** null: the working tree. */
      readonly after: string | null;
      readonly allowFile: string | undefined;
      readonly json: boolean;
    };

export function parseSpecDiffCommand(argv: readonly string[]): SpecDiffCommand {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help')
    return { name: 'help' };
  const refs: string[] = [];
  let allowFile: string | undefined;
  let json = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--as-json') {
      if (json) throw new SpecDiffUsageError("option '--as-json' given twice");
      json = true;
    } else if (arg === '--allow' || arg.startsWith('--allow=')) {
      if (allowFile !== undefined) throw new SpecDiffUsageError("option '--allow' given twice");
      const value = arg === '--allow' ? argv[(index += 1)] : arg.slice('--allow='.length);
      if (value === undefined || value.length === 0 || value.startsWith('--'))
        throw new SpecDiffUsageError("option '--allow' needs a file");
      allowFile = value;
    } else if (arg.startsWith('-'))
      throw new SpecDiffUsageError(`unknown option '${arg}' (options: --allow, --as-json)`);
    else if (arg.includes(':')) throw new SpecDiffUsageError(`'${arg}' is not a git ref`);
    else refs.push(arg);
  }
  const [before, after, ...extra] = refs;
  if (before === undefined) throw new SpecDiffUsageError('needs a git ref (e.g. HEAD~1)');
  if (extra.length > 0) throw new SpecDiffUsageError(`takes at most two git refs, got '${extra.join("', '")}' too`);
  return { name: 'diff', before, after: after ?? null, allowFile, json };
}
