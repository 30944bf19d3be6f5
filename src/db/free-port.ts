// A free loopback port for the embedded PostgreSQL (docs/database.md#embedded-postgresql).
import net from 'node:net';

/** Asks the kernel for a free loopback port (the machine's own PostgreSQL holds 5432). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
