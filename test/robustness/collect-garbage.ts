// Talks to another Node process through its inspector (the DevTools protocol over a WebSocket):
// runs a full garbage collection (HeapProfiler.collectGarbage), so its resident memory can be
// read without the garbage V8 has not collected yet, and reads its own account of its memory
// (process.memoryUsage(): V8 heap, external and array buffers), which tells garbage in the heap
// from memory outside it (docs/robustness.md#memory).

/** `process.memoryUsage()` of the other process, in bytes. */
export interface ProcessMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** `webSocketUrl`: the inspector address the process printed (`Debugger listening on ws://…`). */
export async function collectGarbage(webSocketUrl: string): Promise<void> {
  await withInspector(webSocketUrl, async (call) => {
    await call('HeapProfiler.enable');
    // A second pass frees what the first one's finalizers released.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.disable');
  });
}

export async function readProcessMemory(webSocketUrl: string): Promise<ProcessMemory> {
  return withInspector(webSocketUrl, async (call) => {
    const answer = (await call('Runtime.evaluate', {
      expression: 'process.memoryUsage()',
      returnByValue: true,
    })) as { result: { value: ProcessMemory } };
    return answer.result.value;
  });
}

type InspectorCall = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

async function withInspector<T>(webSocketUrl: string, use: (call: InspectorCall) => Promise<T>): Promise<T> {
  const socket = new WebSocket(webSocketUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`no inspector at ${webSocketUrl}`)), { once: true });
  });
  let id = 0;
  const call: InspectorCall = (method, params) =>
    new Promise((resolve, reject) => {
      const sent = ++id;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as {
          id?: number;
          result?: unknown;
          error?: { message: string };
        };
        if (message.id !== sent) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: sent, method, params }));
    });
  try {
    return await use(call);
  } finally {
    socket.close();
  }
}
