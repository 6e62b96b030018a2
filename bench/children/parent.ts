/** The IPC side of the HTTP children: announce the URL, report memory and CPU time, stop when told. */
import { collect } from '../common';

/** What a child reports for `memory`. */
export interface MemoryReport {
  type: 'memory';
  heapUsed: number;
  rss: number;
}

export function serveParent(url: string, close: () => Promise<void> | void): void {
  process.on('message', async (message: { type?: string }) => {
    if (message?.type === 'memory') {
      // Several passes: weak references and finalizers free more on the second one.
      for (let i = 0; i < 4; i++) {
        collect();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const usage = process.memoryUsage();
      process.send?.({ type: 'memory', heapUsed: usage.heapUsed, rss: usage.rss });
    } else if (message?.type === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: usage.user + usage.system });
    } else if (message?.type === 'stop') {
      await close();
      process.disconnect?.();
      process.exit(0);
    }
  });
  process.send?.({ type: 'ready', url });
}
