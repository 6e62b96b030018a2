/**
 * Tasks of callers without an identity (2025-11-25 over HTTP): a session owns the tasks it
 * started, so two sessions from one address (every client behind one NAT or proxy) see nothing
 * of each other's. Stateless without authentication, nothing tells callers apart: `tasks/list`
 * lists nothing and `initialize` does not declare it.
 */
import 'reflect-metadata';
import type { HttpServerHandle as HttpServer } from '../../../src/index';
import { McpApplication, serveHttp, Tool } from '../../../src/index';
import { ACCEPT, LATEST } from './harness';

class Jobs {
  @Tool({ description: 'Answers at once, as a task', task: 'optional' })
  quick(): string {
    return 'secret result';
  }
}

const app = () => McpApplication.create({ name: 'Jobs', version: '1.0.0', providers: [Jobs] });

let id = 0;
async function post(url: string, body: object, session?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      'mcp-protocol-version': LATEST,
      ...(session ? { 'mcp-session-id': session } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, ...body }),
  });
  const text = await response.text();
  const data = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? 'null');
  return { session: response.headers.get('mcp-session-id') ?? undefined, body: JSON.parse(data) };
}

const INIT = {
  method: 'initialize',
  params: { protocolVersion: LATEST, capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const TASK_CALL = { method: 'tools/call', params: { name: 'quick', arguments: {}, task: {} } };

describe('tasks without an identity', () => {
  let server: HttpServer;
  afterEach(() => server?.close());

  it('belong to the session that started them: another session cannot list, get, read or cancel them', async () => {
    server = await serveHttp(app());
    const x = (await post(server.url, INIT)).session!;
    const y = (await post(server.url, INIT)).session!;
    const taskId = (await post(server.url, TASK_CALL, y)).body.result.task.taskId as string;
    expect(
      (await post(server.url, { method: 'tasks/list', params: {} }, y)).body.result.tasks,
    ).toEqual([expect.objectContaining({ taskId })]);
    // The attack: session x, from the same address, looks for y's task.
    expect((await post(server.url, { method: 'tasks/list', params: {} }, x)).body.result).toEqual({
      tasks: [],
    });
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      const answer = (await post(server.url, { method, params: { taskId } }, x)).body;
      expect(answer.error).toMatchObject({ code: -32602 });
      expect(JSON.stringify(answer)).not.toContain('secret result');
    }
    const own = (await post(server.url, { method: 'tasks/result', params: { taskId } }, y)).body;
    expect(own.result.content).toEqual([{ type: 'text', text: 'secret result' }]);
  });

  it('stateless without authentication: tasks/list is not declared and lists nothing', async () => {
    server = await serveHttp(app(), { sessions: false });
    const init = (await post(server.url, INIT)).body.result;
    expect(init.capabilities.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
    const taskId = (await post(server.url, TASK_CALL)).body.result.task.taskId as string;
    expect((await post(server.url, { method: 'tasks/list', params: {} })).body.result).toEqual({
      tasks: [],
    });
    // The task id is the only protection (MCP 2025-11-25 tasks, security considerations).
    const own = (await post(server.url, { method: 'tasks/result', params: { taskId } })).body;
    expect(own.result.content).toEqual([{ type: 'text', text: 'secret result' }]);
  });

  it('with a session, initialize still declares tasks/list', async () => {
    server = await serveHttp(app());
    const init = (await post(server.url, INIT)).body.result;
    expect(init.capabilities.tasks.list).toEqual({});
  });
});
