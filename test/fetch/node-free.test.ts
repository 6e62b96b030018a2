/**
 * `declarative-mcp/fetch` loads where there is no Node: the built entry and everything it imports
 * (core, schema, the pipeline, auth), the registry and the decorators, bundled as a Worker bundle
 * is (esbuild, platform neutral, worker conditions), reach no `node:` module nor Node built-in.
 * Then the bundle runs in a V8 context that has only the Web platform (no `require`, `process`,
 * `Buffer`) and answers MCP requests of both revisions.
 */
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { build, type Plugin } from 'esbuild';

const DIST = join(__dirname, '../../dist');
const BUILTIN =
  /^(node:.*|assert|async_hooks|buffer|child_process|cluster|crypto|dgram|dns|events|fs|fs\/promises|http|http2|https|module|net|os|path|perf_hooks|process|querystring|readline|stream|string_decoder|timers|tls|tty|url|util|v8|vm|worker_threads|zlib)$/;

/** Bundles `contents` from dist/ as a Worker bundle; every Node module it reaches is listed. */
async function bundle(contents: string): Promise<{ code: string; reached: string[] }> {
  const reached: string[] = [];
  const refuseNode: Plugin = {
    name: 'refuse-node',
    setup(b) {
      b.onResolve({ filter: BUILTIN }, (args) => {
        reached.push(`${args.path} <- ${args.importer.replace(DIST, 'dist')}`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents, resolveDir: DIST, loader: 'js' },
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'iife',
    globalName: 'bundled',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins: [refuseNode],
  });
  return { code: result.outputFiles[0]!.text, reached };
}

/** A V8 context with the Web platform's globals and nothing of Node. */
function webContext() {
  return createContext({
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    crypto,
    Request,
    Response,
    Headers,
    ReadableStream,
    WritableStream,
    TransformStream,
    AbortController,
    AbortSignal,
    Event,
    EventTarget,
    atob,
    btoa,
    structuredClone,
    queueMicrotask,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    performance,
    console,
  });
}

const ENTRY = `
  export { createFetchHandler } from './src/fetch/index.js';
  export { McpCore } from './src/core/index.js';
  export { McpApplication } from './src/registry/index.js';
  export * as decorators from './decorators/index.js';
`;

describe('the fetch entry without Node', () => {
  let built: { code: string; reached: string[] };
  beforeAll(async () => {
    built = await bundle(ENTRY);
  });

  it('reaches no node: module or Node built-in (fetch entry, core, registry, decorators)', () => {
    expect(built.reached).toEqual([]);
  });

  it('answers 2025 and 2026-07-28 requests in a context with no require, process or Buffer', async () => {
    const context = webContext();
    runInContext(built.code, context);
    const answers = await runInContext(
      `(async () => {
        if (typeof require !== 'undefined' || typeof process !== 'undefined' || typeof Buffer !== 'undefined') {
          throw new Error('not a Web-only context');
        }
        const { createFetchHandler, McpCore } = bundled;
        const core = new McpCore({
          name: 'edge', version: '1.0.0',
          lister: () => [{ name: 'add', inputSchema: { type: 'object' } }],
          caller: (name, args) => ({ content: [{ type: 'text', text: String(args.a + args.b) }] }),
        });
        const handler = createFetchHandler(core, { path: '/mcp' });
        const post = (body, headers) => handler(new Request('http://worker.example/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(body),
        })).then(async (response) => [response.status, await response.text()]);
        const legacy = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
          { 'mcp-protocol-version': '2025-11-25' });
        const meta = {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'vm', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        };
        const modern = await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 4, b: 5 }, _meta: meta } },
          { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'add' });
        const refused = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { origin: 'https://evil.example' });
        await handler.close();
        return { legacy, modern, refused };
      })()`,
      context,
    );
    expect(answers.legacy[0]).toBe(200);
    expect(JSON.parse(answers.legacy[1]).result.content).toEqual([{ type: 'text', text: '5' }]);
    expect(answers.modern[0]).toBe(200);
    expect(JSON.parse(answers.modern[1]).result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: '9' }],
    });
    expect(answers.refused).toEqual([
      403,
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Forbidden: Origin \\"https://evil.example\\" is not allowed"}}',
    ]);
  });
});
