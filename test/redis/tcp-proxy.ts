/**
 * A TCP proxy in front of a redis-server, to cut one process off while Redis itself stays
 * healthy: `cut()` drops every connection through it and refuses new ones, `heal()` lets them in.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  readonly url: string;
  /** Drops the connections through the proxy and refuses new ones until {@link heal}. */
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    heal: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
