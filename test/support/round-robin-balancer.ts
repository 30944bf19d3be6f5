// A small load balancer for the many-node test (docs/testing.md#many-nodes), standing for the one
// operators put in front of their nodes (nginx, HAProxy): round-robin over real TCP, for HTTP
// requests and WebSocket upgrades. A node that refuses the connection (its process is dead) is
// skipped and the request goes to the next one, so nothing reaches a dead node; a node that dies
// while it holds a request answers the client 502 (the client cannot know whether the request
// ran, and retries with its idempotency key); an upgraded socket whose node dies is closed, as
// the node's own close would be (1006 for a WebSocket client). Every answer, the 101 of an upgrade
// included, names the node that served it in `x-served-by`.
import http from 'node:http';
import type net from 'node:net';

export interface BalancedNode {
  /** What `x-served-by` says. */
  readonly name: string;
  /** The node's base URL on the port this balancer fronts. */
  readonly url: string;
}

export interface Balancer {
  readonly url: string;
  /** Requests sent to the node that it has not begun to answer: what its death would cut off. */
  awaitingAnswer(name: string): number;
  close(): Promise<void>;
}

/** Headers of one connection, not of the message: never forwarded (RFC 9110 §7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

type Attempt = 'refused' | 'answered';

/** Balances over `nodes()`, read at each request, so a test adds a node by adding it to its list. */
export async function startBalancer(nodes: () => readonly BalancedNode[]): Promise<Balancer> {
  // An idle connection is closed here after a second, well before a node's server closes it (Node's
  // 5 s keep-alive timeout): a request sent on a connection the node is closing would fail as if
  // the node had died under it. (The timeout ends only idle connections, never a request.)
  const agent = new http.Agent({ keepAlive: true, timeout: 1_000 });
  const awaiting = new Map<string, number>();
  let turn = 0;
  /** Every node once, starting with the one whose turn it is. */
  const rotation = (): BalancedNode[] => {
    const all = nodes();
    const start = turn++ % Math.max(1, all.length);
    return [...all.slice(start), ...all.slice(0, start)];
  };
  const server = http.createServer((request, response) => {
    void forwardRequest(request, response, rotation(), { agent, awaiting });
  });
  // Upgraded sockets leave the server's books: kept here to be closed with it.
  const upgraded = new Set<net.Socket>();
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    void forwardUpgrade(request, socket, head, rotation());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    awaitingAnswer: (name) => awaiting.get(name) ?? 0,
    async close() {
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Upstreams {
  readonly agent: http.Agent;
  /** Per node, the requests sent to it that it has not begun to answer. */
  readonly awaiting: Map<string, number>;
}

async function forwardRequest(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  candidates: readonly BalancedNode[],
  upstreams: Upstreams,
): Promise<void> {
  // The body is read whole first, so a node that refuses can be skipped without losing it.
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  for (const node of candidates) {
    if ((await sendTo(node, request, body, response, upstreams)) === 'answered') return;
  }
  respondPlain(response, 503, 'no node accepts connections');
}

function sendTo(
  node: BalancedNode,
  request: http.IncomingMessage,
  body: Buffer,
  response: http.ServerResponse,
  { agent, awaiting }: Upstreams,
): Promise<Attempt> {
  const target = new URL(node.url);
  awaiting.set(node.name, (awaiting.get(node.name) ?? 0) + 1);
  let waiting = true;
  const answered = () => {
    if (waiting) awaiting.set(node.name, awaiting.get(node.name)! - 1);
    waiting = false;
  };
  return new Promise((resolve) => {
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...messageHeaders(request.headers), 'content-length': String(body.length) },
      agent,
    });
    upstream.on('response', (answer) => {
      answered();
      response.writeHead(answer.statusCode ?? 502, { ...messageHeaders(answer.headers), 'x-served-by': node.name });
      answer.pipe(response);
      // The node died while sending the body: the client sees its connection cut, as it would directly.
      answer.on('close', () => {
        if (!answer.complete) response.destroy();
      });
      resolve('answered');
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      answered();
      if (error.code === 'ECONNREFUSED') return resolve('refused');
      // The request may have run: only the client may decide to send it again.
      if (response.headersSent) response.destroy();
      else respondPlain(response, 502, `node ${node.name} failed: ${error.code ?? error.message}`);
      resolve('answered');
    });
    upstream.end(body);
  });
}

async function forwardUpgrade(
  request: http.IncomingMessage,
  socket: net.Socket,
  head: Buffer,
  candidates: readonly BalancedNode[],
): Promise<void> {
  socket.on('error', () => socket.destroy());
  for (const node of candidates) {
    if ((await upgradeTo(node, request, socket, head)) === 'answered') return;
  }
  socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
}

function upgradeTo(
  node: BalancedNode,
  request: http.IncomingMessage,
  socket: net.Socket,
  head: Buffer,
): Promise<Attempt> {
  const target = new URL(node.url);
  return new Promise((resolve) => {
    // The upgrade's own headers (connection, upgrade, sec-websocket-*) go as the client sent them.
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
      agent: false,
    });
    upstream.on('upgrade', (answer, nodeSocket, nodeHead) => {
      socket.write(responseHead(answer, node.name));
      if (nodeHead.length > 0) socket.write(nodeHead);
      if (head.length > 0) nodeSocket.write(head);
      const cut = () => {
        socket.destroy();
        nodeSocket.destroy();
      };
      nodeSocket.on('error', cut).on('close', cut);
      socket.on('close', cut);
      nodeSocket.pipe(socket).pipe(nodeSocket);
      resolve('answered');
    });
    // The node refused the upgrade (401, 429): its answer goes to the client, then the connection ends.
    upstream.on('response', async (answer) => {
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      socket.end(Buffer.concat([Buffer.from(responseHead(answer, node.name, body.length)), body]));
      resolve('answered');
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return resolve('refused');
      socket.destroy();
      resolve('answered');
    });
    upstream.end();
  });
}

/** The status line and headers of a node's answer as raw bytes, for a socket taken out of HTTP. */
function responseHead(answer: http.IncomingMessage, servedBy: string, contentLength?: number): string {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
  for (let index = 0; index < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index]!;
    if (contentLength !== undefined && hopByHop.has(name.toLowerCase())) continue;
    if (contentLength !== undefined && name.toLowerCase() === 'content-length') continue;
    lines.push(`${name}: ${answer.rawHeaders[index + 1]}`);
  }
  lines.push(`x-served-by: ${servedBy}`);
  if (contentLength !== undefined) lines.push('connection: close', `content-length: ${contentLength}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function messageHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

function respondPlain(response: http.ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-served-by': 'balancer' });
  response.end(text);
}
