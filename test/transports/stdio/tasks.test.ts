/**
 * Tasks over stdio (issue 15): they live in the process's own in-memory adapter, bound to the
 * process as the caller; both eras, exact lines.
 */
import 'reflect-metadata';
import { z } from 'zod';
import { Call, McpApplication, type McpCall, Tool } from '../../../src/index';
import { harness } from './harness';

const NAME = {
  type: 'object' as const,
  properties: { name: { type: 'string' } },
  required: ['name'],
};

class Jobs {
  @Tool({ description: 'Greets after asking', task: 'optional' })
  async hello(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Name?', NAME, { key: 'name' });
    return `Hello, ${answer.action === 'accept' ? String(answer.content.name) : 'nobody'}!`;
  }

  @Tool({ description: 'Doubles', task: 'required', input: z.object({ n: z.number() }) })
  async double({ n }: { n: number }): Promise<string> {
    return String(n * 2);
  }
}

const app = () =>
  McpApplication.create({ name: 'Jobs', version: '1.0.0', providers: [Jobs], taskPollInterval: 5 });

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {
    elicitation: {},
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};

function line(id: number, method: string, params: object): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

describe('tasks over stdio', () => {
  it('2026-07-28: a task is created, asks through tasks/get, is answered by tasks/update', async () => {
    const h = harness(app());
    h.send(line(1, 'tools/call', { name: 'hello', _meta: META }));
    const created = JSON.parse((await h.until(1))[0]).result;
    expect(created.resultType).toBe('task');
    const { taskId } = created;
    let task: { status: string; inputRequests?: object; result?: object } = { status: 'working' };
    for (let id = 2; id < 200 && task.status !== 'input_required'; id++) {
      h.send(line(id, 'tasks/get', { taskId, _meta: META }));
      task = JSON.parse((await h.until(id))[id - 1]).result;
    }
    expect(task.inputRequests).toEqual({
      name: { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: NAME } },
    });
    const n = h.lines().length;
    h.send(
      line(500, 'tasks/update', {
        taskId,
        inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
        _meta: META,
      }),
    );
    expect(JSON.parse((await h.until(n + 1))[n]).result.resultType).toBe('complete');
    for (let id = 501; id < 700 && task.status !== 'completed'; id++) {
      const before = h.lines().length;
      h.send(line(id, 'tasks/get', { taskId, _meta: META }));
      task = JSON.parse((await h.until(before + 1))[before]).result;
    }
    expect(task.result).toEqual({
      content: [{ type: 'text', text: 'Hello, Ada!' }],
      isError: false,
    });
    h.input.end();
    expect(await h.serving).toBe(0);
  });

  it('2025-11-25: the ask comes on stdout during tasks/result, tagged with the task', async () => {
    const h = harness(app());
    h.send(
      line(1, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: { elicitation: {} },
        clientInfo: { name: 'c', version: '1' },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      line(2, 'tools/call', { name: 'hello', task: { ttl: 60_000 } }),
    );
    const created = JSON.parse((await h.until(2))[1]).result.task;
    h.send(line(3, 'tasks/result', { taskId: created.taskId }));
    const ask = JSON.parse((await h.until(3))[2]);
    expect(ask.method).toBe('elicitation/create');
    expect(JSON.stringify(ask.params)).toBe(
      `{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"${created.taskId}"}}}`,
    );
    h.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: ask.id,
        result: { action: 'accept', content: { name: 'Bo' } },
      }),
    );
    expect((await h.until(4))[3]).toBe(
      `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Hello, Bo!"}],"isError":false,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"${created.taskId}"}}}}`,
    );
    h.send(line(4, 'tools/call', { name: 'double', arguments: { n: 21 } }));
    expect(JSON.parse((await h.until(5))[4]).error.code).toBe(-32601);
    h.input.end();
    expect(await h.serving).toBe(0);
  });
});
