// Watches what `npm run dev` regenerates, typechecks and restarts from (docs/code-generation.md#npm-run-dev):
// the specs and codegen.yml at the checkout's root, and src/ (the migrations and the document
// templates, src/documents/templates/, are inside it). node:fs `watch`, recursive on src/ (native on
// Linux since Node 20); the root is watched as a folder, not file by file, because editors that
// save by renaming a new file into place would end a watch on the old one. Events are gathered
// until the files have been quiet for `quietMs`, then handed over as one batch with the time of
// its first event (the loop's `ready in N ms` counts from the edit, not from the end of the quiet).
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isWatchedInput } from './affected-generators.ts';

export interface InputWatcher {
  close(): void;
}

/** Calls `onBatch` with the changed paths (relative to `root`, `/`-separated) once quiet. */
export function watchInputs(
  root: string,
  onBatch: (paths: string[], firstEventAt: number) => void,
  quietMs = 150,
): InputWatcher {
  let pending = new Set<string>();
  let firstEventAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const note = (file: string) => {
    if (!isWatchedInput(file)) return;
    if (pending.size === 0) firstEventAt = performance.now();
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending].sort();
      pending = new Set();
      onBatch(batch, firstEventAt);
    }, quietMs);
  };
  const watchers: FSWatcher[] = [
    watch(root, (_event, name) => name && note(name)),
    watch(path.join(root, 'src'), { recursive: true }, (_event, name) => name && note(`src/${toPosix(name)}`)),
  ];
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

function toPosix(name: string): string {
  return name.split(path.sep).join('/');
}
