/**
 * MCP 2025-11-25 tasks driven by the official SDK v1 client's experimental task API over
 * Streamable HTTP (issue 15): build/examples/conformance.js serves the task tools the conformance
 * scenarios call; the client creates a task, polls it, takes its result, cancels one, lists them,
 * and answers an elicitation the running task asks (input_required) on the tasks/result stream.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { example, type Launched, launch } from './examples';

const TTL = 60_000;

describe('SDK v1 experimental tasks over Streamable HTTP (2025-11-25)', () => {
  let server: Launched;
  let client: Client;
  const elicited: unknown[] = [];

  beforeAll(async () => {
    server = launch(example('conformance'), ['--port', '0']);
    const url = (await server.waitFor(/listening (\S+)/))[1];
    client = new Client(
      { name: 'declarative-mcp-e2e', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicited.push(request.params);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('initialize declares tasks; tools/list shows execution.taskSupport', async () => {
    expect(client.getServerCapabilities()?.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await client.listTools();
    const support = Object.fromEntries(
      tools
        .filter((t) => ['greet', 'slow_compute', 'failing_job'].includes(t.name))
        .map((t) => [t.name, t.execution?.taskSupport]),
    );
    expect(support).toEqual({
      greet: undefined,
      slow_compute: 'optional',
      failing_job: 'required',
    });
  });

  it('creates a task, polls it with tasks/get, and takes its result (callToolStream)', async () => {
    const kinds: string[] = [];
    let taskId: string | undefined;
    let text: unknown;
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'slow_compute', arguments: { seconds: 1, label: 'e2e' } },
      CallToolResultSchema,
      { task: { ttl: TTL } },
    )) {
      kinds.push(message.type);
      if (message.type === 'taskCreated') {
        taskId = message.task.taskId;
        expect(message.task.status).toBe('working');
        expect(message.task.ttl).toBe(TTL);
      }
      if (message.type === 'result')
        text = (message.result.content as Array<{ text: string }>)[0].text;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(kinds.at(-1)).toBe('result');
    expect(text).toBe('Computed e2e in 1 s.');
    const task = await client.experimental.tasks.getTask(taskId!);
    expect(task.status).toBe('completed');
    const listed = await client.experimental.tasks.listTasks();
    expect(listed.tasks.map((t) => t.taskId)).toContain(taskId);
  });

  it('cancels a running task: tasks/cancel answers it cancelled, tasks/get agrees', async () => {
    const created = await client.request(
      {
        method: 'tools/call',
        params: { name: 'slow_compute', arguments: { seconds: 60 }, task: { ttl: TTL } },
      },
      CreateTaskResultSchema,
    );
    const cancelled = await client.experimental.tasks.cancelTask(created.task.taskId);
    expect(cancelled.status).toBe('cancelled');
    expect((await client.experimental.tasks.getTask(created.task.taskId)).status).toBe('cancelled');
    // Cancelling it again: the task is terminal, -32602.
    await expect(client.experimental.tasks.cancelTask(created.task.taskId)).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('input_required: the task asks, the client answers the elicitation, the task completes', async () => {
    let result: unknown;
    const statuses: string[] = [];
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'confirm_delete', arguments: { filename: 'old.log' } },
      CallToolResultSchema,
      { task: { ttl: TTL } },
    )) {
      if (message.type === 'taskStatus') statuses.push(message.task.status);
      if (message.type === 'result') result = message.result.content;
      if (message.type === 'error') throw message.error;
    }
    expect(statuses).toContain('input_required');
    expect(result).toEqual([{ type: 'text', text: 'Deleted old.log.' }]);
    expect(elicited).toHaveLength(1);
    expect(elicited[0]).toMatchObject({
      message: 'Delete old.log?',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: expect.any(String) } },
    });
  });

  it('a required tool called without task is -32601 (callTool itself refuses it first)', async () => {
    // The SDK's callTool refuses a required tool on its own (-32600, before sending anything).
    await expect(client.callTool({ name: 'failing_job', arguments: {} })).rejects.toMatchObject({
      code: -32600,
    });
    // Sent as it is, the server answers -32601.
    await expect(
      client.request(
        { method: 'tools/call', params: { name: 'failing_job', arguments: {} } },
        CallToolResultSchema,
      ),
    ).rejects.toMatchObject({ code: -32601 });
  });
});
