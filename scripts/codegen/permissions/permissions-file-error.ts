// Thrown when permissions.yaml cannot be compiled; `errors` lists every problem found,
// each as `file:line:col: message`, so the codegen shell can print them all at once.
export class PermissionsFileError extends Error {
  readonly errors: readonly string[];

  constructor(errors: readonly string[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} in permissions:\n${errors.join('\n')}`);
    this.name = 'PermissionsFileError';
    this.errors = errors;
  }
}
