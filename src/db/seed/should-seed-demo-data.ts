// When the demo data set loads (docs/demo-data.md#when-it-loads): by default only on the embedded
// database, always with SEED=demo, never with SEED=none. seedDemoData itself skips non-empty
// databases.
export function shouldSeedDemoData(seed: 'demo' | 'none' | undefined, usesEmbeddedDatabase: boolean): boolean {
  if (seed === 'none') return false;
  return seed === 'demo' || usesEmbeddedDatabase;
}
