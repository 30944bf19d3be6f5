// Types of codegen-inputs.js, which stays plain JavaScript (see its header), for the TypeScript
// that imports it (codegen, the service's start, tests).
export declare const codegenSpecFiles: readonly string[];
export declare const migrationsFolder: string;
export declare const codegenInputsManifest: string;
export declare function codegenInputHashes(specRoot: string, migrationsRoot?: string): Record<string, string>;
export declare function changedCodegenInputs(
  recorded: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
): string[];
export declare function recordedCodegenInputs(repo: string): Record<string, string>;
export declare function staleGeneratedCodeMessage(changed: readonly string[]): string;
