// The command line of `npm run access` (docs/access-review.md), parsed completely before anything
// runs: a usage error prints what was wrong and the usage, and exits 2.
import { exportFormats, type ExportFormat } from '../access-review/export/format-records.ts';

export const accessUsage = `Usage: npm run access -- <command>

  explain --role ROLE --table TABLE [--column COLUMN] [--action select|insert|update|delete] [--as-json]
                     what ROLE may do on TABLE (default action: select): the rows in plain words
                     and as the SQL the data layer runs, columns, presets, checks, aggregates,
                     limit, session variables, and the relationships that also lead there
  explain --operation OPERATION [--role ROLE] [--as-json]
                     who may call a business operation that records a person
                     (permissions.yaml business_operations), and whether ROLE may
  lint [--allow FILE] [--as-json] [--verbose]
                     check permissions.yaml's compiled rules; findings not in the allow-list
                     (default: access-lint-allow.yaml) fail with exit code 1
  export --format csv|json
                     the access matrix, one record per role × table × column, to stdout
  diff REF [REF] [--allow FILE] [--as-json]
                     permissions.yaml at git REF against the second REF (default: the working
                     tree), role × table × action: equivalent, more or less permissive,
                     incomparable or unknown, with the columns and actions gained or lost and a
                     witness (session and rows) for every widened filter; widenings not in the
                     allow-list (default: access-diff-allow.yaml) fail with exit code 1
  help, --help, -h   print this text

Exit codes: 0 done, 1 lint findings or diff widenings not allowed, 2 a usage error, an unknown
role, table, column or action, or a version of permissions.yaml that does not compile. explain,
lint and export read the compiled rules the service runs (run \`npm run codegen\` after editing
permissions.yaml); diff compiles permissions.yaml itself at each version.
`;

export class AccessUsageError extends Error {
  override name = 'AccessUsageError';
}

export type AccessCommand =
  | { readonly name: 'help' }
  | {
      readonly name: 'explain';
      readonly role: string;
      readonly table: string;
      readonly column: string | undefined;
      readonly action: string | undefined;
      readonly json: boolean;
    }
  | {
      readonly name: 'explain-operation';
      readonly operation: string;
      readonly role: string | undefined;
      readonly json: boolean;
    }
  | { readonly name: 'lint'; readonly allowFile: string | undefined; readonly json: boolean; readonly verbose: boolean }
  | { readonly name: 'export'; readonly format: ExportFormat }
  | {
      readonly name: 'diff';
      readonly before: string;
      /** null: the working tree. */
      readonly after: string | null;
      readonly allowFile: string | undefined;
      readonly json: boolean;
    };

type OptionValues = Record<string, string | boolean | undefined>;

/** Option name → whether it takes a value (`--role R`, `--role=R`) or is a flag (`--as-json`). */
type OptionSpec = Record<string, 'value' | 'flag'>;

/** `--name value`, `--name=value` and `--flag`; anything else is a usage error naming it. */
function options(command: string, args: readonly string[], spec: OptionSpec): OptionValues {
  const values: OptionValues = {};
  const known = Object.keys(spec)
    .map((name) => `--${name}`)
    .join(', ');
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    const match = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new AccessUsageError(`${command}: unexpected argument '${arg}'`);
    const [, name = '', inline] = match;
    const kind = spec[name];
    if (!kind) throw new AccessUsageError(`${command}: unknown option '--${name}' (options: ${known})`);
    if (values[name] !== undefined) throw new AccessUsageError(`${command}: option '--${name}' given twice`);
    if (kind === 'flag') {
      if (inline !== undefined) throw new AccessUsageError(`${command}: option '--${name}' takes no value`);
      values[name] = true;
      continue;
    }
    const value = inline ?? args[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new AccessUsageError(`${command}: option '--${name}' needs a value`);
    if (inline === undefined) index += 1;
    values[name] = value;
  }
  return values;
}

const text = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

function parseExplain(args: readonly string[]): AccessCommand {
  const values = options('explain', args, {
    role: 'value',
    table: 'value',
    column: 'value',
    action: 'value',
    operation: 'value',
    'as-json': 'flag',
  });
  const role = text(values.role);
  const table = text(values.table);
  const operation = text(values.operation);
  if (operation !== undefined) {
    if (table !== undefined || values.column !== undefined || values.action !== undefined)
      throw new AccessUsageError('explain --operation takes no --table, --column or --action');
    return { name: 'explain-operation', operation, role, json: values['as-json'] === true };
  }
  if (role === undefined || table === undefined) throw new AccessUsageError('explain needs --role and --table');
  return {
    name: 'explain',
    role,
    table,
    column: text(values.column),
    action: text(values.action),
    json: values['as-json'] === true,
  };
}

function parseLint(args: readonly string[]): AccessCommand {
  const values = options('lint', args, { allow: 'value', 'as-json': 'flag', verbose: 'flag' });
  return {
    name: 'lint',
    allowFile: text(values.allow),
    json: values['as-json'] === true,
    verbose: values.verbose === true,
  };
}

function parseExport(args: readonly string[]): AccessCommand {
  const values = options('export', args, { format: 'value' });
  const format = exportFormats.find((known) => known === values.format);
  if (!format) {
    const given = text(values.format);
    throw new AccessUsageError(`export needs --format ${exportFormats.join('|')}${given ? `, got '${given}'` : ''}`);
  }
  return { name: 'export', format };
}

function parseDiff(args: readonly string[]): AccessCommand {
  const refs: string[] = [];
  const optionArgs: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (!arg.startsWith('--')) refs.push(arg);
    else if (arg !== '--allow' || args[index + 1] === undefined) optionArgs.push(arg);
    else optionArgs.push(arg, args[(index += 1)] as string);
  }
  const values = options('diff', optionArgs, { allow: 'value', 'as-json': 'flag' });
  const [before, after, ...extra] = refs;
  if (before === undefined) throw new AccessUsageError('diff needs a git ref (e.g. HEAD~1)');
  if (extra.length > 0) throw new AccessUsageError(`diff takes at most two git refs, got '${extra.join("', '")}' too`);
  for (const ref of [before, after]) {
    if (ref !== undefined && (ref.startsWith('-') || ref.includes(':')))
      throw new AccessUsageError(`diff: '${ref}' is not a git ref`);
  }
  return {
    name: 'diff',
    before,
    after: after ?? null,
    allowFile: text(values.allow),
    json: values['as-json'] === true,
  };
}

export function parseAccessCommand(argv: readonly string[]): AccessCommand {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h' || rest.includes('--help'))
    return { name: 'help' };
  switch (name) {
    case 'explain':
      return parseExplain(rest);
    case 'lint':
      return parseLint(rest);
    case 'export':
      return parseExport(rest);
    case 'diff':
      return parseDiff(rest);
    default:
      throw new AccessUsageError(`unknown command '${name}'`);
  }
}
