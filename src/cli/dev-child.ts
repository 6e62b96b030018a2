/**
 * One generation of `declarative-mcp dev`, forked by the parent: loads the module, says what it
 * defines and which files it loaded, then serves it over Streamable HTTP when told to, and on
 * `stop` tells its clients that the lists changed before it closes.
 */
import 'reflect-metadata';
import { META, VERSIONS_2026 } from '../core';
import { loadApplication } from './load';

type Ask = { type: 'listen'; port: number; host: string } | { type: 'stop' };

const send = (message: object): Promise<void> =>
  new Promise((resolve) => process.send!(message, () => resolve()));

/** Every definition, keyed `kind name`, as the 2026-07-28 lists answer them. */
async function definitions(core: {
  handle(payload: string): Promise<string | null>;
}): Promise<Record<string, string>> {
  const meta = {
    [META.protocolVersion]: VERSIONS_2026[0],
    [META.clientCapabilities]: {},
  };
  const lists = [
    ['tools/list', 'tools', 'tool', 'name'],
    ['resources/list', 'resources', 'resource', 'uri'],
    ['resources/templates/list', 'resourceTemplates', 'template', 'uriTemplate'],
    ['prompts/list', 'prompts', 'prompt', 'name'],
  ] as const;
  const out: Record<string, string> = {};
  for (const [method, key, kind, id] of lists) {
    const answer = await core.handle(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta } }),
    );
    const items = (JSON.parse(answer ?? '{}').result?.[key] ?? []) as Array<
      Record<string, unknown>
    >;
    for (const item of items) out[`${kind} ${String(item[id])}`] = JSON.stringify(item);
  }
  return out;
}

async function main(): Promise<void> {
  const [module, cwd] = process.argv.slice(2) as [string, string];
  let app: Awaited<ReturnType<typeof loadApplication>>;
  try {
    app = await loadApplication(module, cwd);
  } catch (error) {
    await send({ type: 'failed', message: (error as Error)?.stack ?? String(error) });
    process.exit(1);
  }
  const files = Object.keys(require.cache).filter(
    (file) => !file.includes('node_modules') && !file.startsWith(__dirname),
  );
  const tools = (app.core as unknown as { capabilities?: { tools?: { listChanged?: boolean } } })
    .capabilities?.tools;
  await send({
    type: 'loaded',
    definitions: await definitions(app.core),
    files,
    listChanged: tools?.listChanged === true,
  });
  const { serveHttp } = require('../transports/http') as typeof import('../transports/http');
  let server: Awaited<ReturnType<typeof serveHttp>> | undefined;
  process.on('message', async (ask: Ask) => {
    if (ask.type === 'listen') {
      try {
        server = await serveHttp(app as never, { port: ask.port, host: ask.host });
        await send({ type: 'listening', url: server.url });
      } catch (error) {
        await send({ type: 'failed', message: (error as Error).message });
        process.exit(1);
      }
      return;
    }
    // The next generation serves these clients: they list again and (2025) re-initialize.
    const core = app.core as unknown as { notifyListChanged?(kind: string): void };
    for (const kind of ['tools', 'resources', 'prompts']) core.notifyListChanged?.(kind);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server?.close();
    process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}

void main();
