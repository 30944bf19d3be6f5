// Types of source-fingerprint.js, which stays plain JavaScript (see its header), for the
// TypeScript that imports it (the bundle's build and its test).
export declare const bundledSourceFolders: readonly string[];
export declare function sourceFingerprint(repo: string): string;
