// Runs a full garbage collection in another Node process through its inspector
// (HeapProfiler.collectGarbage over the DevTools protocol), so its resident memory can be read
// without the garbage V8 has not collected yet: V8 lets its old space grow long before a full
// collection, and resident memory counts that garbage too (docs/robustness.md#memory).

/** `webSocketUrl`: the inspector address the process printed (`Debugger listening on ws://…`). */
export async function collectGarbage(webSocketUrl: string): Promise<void> {
  const socket = new WebSocket(webSocketUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`no inspector at ${webSocketUrl}`)), { once: true });
  });
  let id = 0;
  const call = (method: string) =>
    new Promise<void>((resolve, reject) => {
      const sent = ++id;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== sent) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve();
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: sent, method }));
    });
  try {
    await call('HeapProfiler.enable');
    // A second pass frees what the first one's finalizers released.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.disable');
  } finally {
    socket.close();
  }
}
