// A reference server of the HTTP benches as a process of its own
// (docs/benchmarks.md#how-the-http-benches-run), so it runs beside the service as the service runs:
// alone in its process, with `npm start`'s Node flags, on the cores the bench pins servers to.
// `node bench/reference-server-main.ts graphql-ping | bare-koa | statements <file.json> <database url> <connections>`
// prints `listening <url>` once it serves, and stops on SIGTERM.
import { readFileSync } from 'node:fs';
import { startBareServer, type Statement } from './data-layer-bare-server.ts';
import { type ReferenceServer, startBareKoaServer, startGraphqlReferenceServer } from './reference-servers.ts';

async function start(kind: string | undefined, args: string[]): Promise<ReferenceServer> {
  if (kind === 'graphql-ping') return startGraphqlReferenceServer('{ ping }');
  if (kind === 'bare-koa') return startBareKoaServer();
  if (kind === 'statements') {
    const [file, databaseUrl, connections] = args;
    const statements = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, Statement>;
    return startBareServer(databaseUrl!, Number(connections), new Map(Object.entries(statements)));
  }
  throw new Error(`unknown reference ${kind}: graphql-ping, bare-koa or statements`);
}

const server = await start(process.argv[2], process.argv.slice(3));
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
process.stdout.write(`listening ${server.url}\n`);
