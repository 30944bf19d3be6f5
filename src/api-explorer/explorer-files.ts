// The files the API explorer's pages load (docs/api-explorer.md#what-is-served): prebuilt browser
// bundles read from their installed npm packages, and the explorer's own small script and style
// sheet beside this module. Found through Node's resolver (never a guessed node_modules path),
// read on first use and then kept in memory.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StaticBody, staticBody } from './static-body.ts';

const javascript = 'text/javascript; charset=utf-8';
const css = 'text/css; charset=utf-8';

interface ExplorerFile {
  /** The npm package holding the file, or null for the explorer's own files under browser/. */
  readonly package: string | null;
  readonly file: string;
  readonly contentType: string;
}

/**
 * Every file, by the name its URL ends in. The packages' own exports do not list these files
 * (React 18 exports no `umd/`), so each is found from its package's package.json.
 */
export const explorerFiles = {
  /** Redoc's self-contained bundle (React included), an ES module. */
  'redoc.standalone.js': { package: 'redoc', file: 'bundles/redoc.standalone.js', contentType: javascript },
  /** React 18: the last React that ships UMD builds, which GraphiQL's UMD bundle expects as globals. */
  'react.production.min.js': { package: 'react', file: 'umd/react.production.min.js', contentType: javascript },
  'react-dom.production.min.js': {
    package: 'react-dom',
    file: 'umd/react-dom.production.min.js',
    contentType: javascript,
  },
  /** GraphiQL 4's prebuilt UMD bundle (graphql-js and CodeMirror included); GraphiQL 5 ships ES modules only. */
  'graphiql.min.js': { package: 'graphiql', file: 'dist/index.umd.js', contentType: javascript },
  'graphiql.min.css': { package: 'graphiql', file: 'dist/style.css', contentType: css },
  'start-graphiql.js': { package: null, file: 'browser/start-graphiql.js', contentType: javascript },
  'graphiql-page.css': { package: null, file: 'browser/graphiql-page.css', contentType: css },
} as const satisfies Record<string, ExplorerFile>;

export type ExplorerFileName = keyof typeof explorerFiles;

export function isExplorerFileName(name: string): name is ExplorerFileName {
  return Object.hasOwn(explorerFiles, name);
}

export interface ExplorerFileStore {
  /** The file's body, read once. */
  load(name: ExplorerFileName): Promise<StaticBody>;
}

export function createExplorerFileStore(): ExplorerFileStore {
  const require = createRequire(import.meta.url);
  const loaded = new Map<ExplorerFileName, Promise<StaticBody>>();
  const locate = (entry: ExplorerFile) =>
    entry.package === null
      ? fileURLToPath(new URL(entry.file, import.meta.url))
      : path.join(path.dirname(require.resolve(`${entry.package}/package.json`)), entry.file);
  return {
    load(name) {
      let body = loaded.get(name);
      if (!body) {
        const entry: ExplorerFile = explorerFiles[name];
        body = readFile(locate(entry)).then((bytes) => staticBody(bytes, entry.contentType));
        // A failed read is not kept: the next request tries again.
        body.catch(() => loaded.delete(name));
        loaded.set(name, body);
      }
      return body;
    },
  };
}
