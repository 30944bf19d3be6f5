// ESLint's JSON report as `file:line:col: message (rule)` lines, one per problem, for `npm run
// check` (docs/testing.md#npm-run-check): ESLint 10 ships no line-per-problem formatter, and its
// default one puts the file on a line of its own, away from the place.
interface EslintFileResult {
  readonly filePath: string;
  readonly messages: readonly { line?: number; column?: number; message: string; ruleId: string | null }[];
}

export function eslintProblems(output: string): string {
  const start = output.indexOf('[');
  if (start < 0) return output;
  let results: EslintFileResult[];
  try {
    results = JSON.parse(output.slice(start)) as EslintFileResult[];
  } catch {
    return output;
  }
  return results
    .flatMap(({ filePath, messages }) =>
      messages.map(
        ({ line, column, message, ruleId }) =>
          `${filePath}:${line ?? 0}:${column ?? 0}: ${message}${ruleId ? ` (${ruleId})` : ''}`,
      ),
    )
    .join('\n');
}
