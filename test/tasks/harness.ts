/**
 * What the tasks tests share: an application whose tools wait on gates the test opens, and
 * requests of both revisions as JSON text through `app.handle`. A task's random id and its
 * timestamps are put back in the expected text from the answer that created it.
 */
import 'reflect-metadata';
import { z } from 'zod';
import type { StateAdapter } from '../../src/adapter';
import { type JsonObject, type Link, type McpCall, Peer, ToolError } from '../../src/core';
import { Call, McpApplication, Tool } from '../../src/index';

export const EXT = 'io.modelcontextprotocol/tasks';
export const CAPS = { elicitation: {}, extensions: { [EXT]: {} } };
export const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': CAPS,
};
export const SERVER_INFO =
  '"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"Jobs","version":"1.0.0"}}';

/** Gates a test's tool: it runs until the test opens it. */
export class Gate {
  open!: (value?: unknown) => void;
  readonly opened = new Promise((resolve) => {
    this.open = resolve;
  });
  aborted: unknown;
}

export const gates = new Map<string, Gate>();
export function gate(label: string): Gate {
  const g = new Gate();
  gates.set(label, g);
  return g;
}

export const NAME = {
  type: 'object' as const,
  properties: { name: { type: 'string' } },
  required: ['name'],
};

export class Jobs {
  @Tool({
    description: 'Waits for its gate',
    task: 'optional',
    input: z.object({ label: z.string() }),
  })
  async wait({ label }: { label: string }, @Call() call: McpCall): Promise<string> {
    const g = gates.get(label)!;
    call.progress(1, 2, `waiting on ${label}`);
    call.signal.addEventListener('abort', () => {
      g.aborted = call.signal.reason;
    });
    await g.opened;
    return `done ${label}`;
  }

  @Tool({ description: 'Only a task', task: 'required' })
  async must(): Promise<string> {
    return 'must';
  }

  @Tool({ description: 'Fails as a tool', task: 'required' })
  async refuse(): Promise<string> {
    throw new ToolError('no such data');
  }

  @Tool({ description: 'Breaks', task: 'optional' })
  async broken(): Promise<string> {
    throw new Error('boom');
  }

  @Tool({ description: 'Asks two names', task: 'optional' })
  async two(@Call() call: McpCall): Promise<string> {
    const [a, b] = await Promise.all([
      call.elicit('First?', NAME, { key: 'first' }),
      call.elicit('Second?', NAME, { key: 'second' }),
    ]);
    const name = (r: typeof a) => (r.action === 'accept' ? String(r.content.name) : r.action);
    return `${name(a)} and ${name(b)}`;
  }

  @Tool({ description: 'Asks, then becomes a task', task: 'required', taskStart: 'manual' })
  async late(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Name?', NAME, { key: 'name' });
    await call.startTask();
    return `late ${answer.action === 'accept' ? String(answer.content.name) : answer.action}`;
  }

  @Tool({ description: 'Never a task' })
  plain(): string {
    return 'plain';
  }

  @Tool({ description: 'A big result', task: 'optional' })
  big(): string {
    return 'x'.repeat(2000);
  }
}

export function app(adapter?: StateAdapter, options: JsonObject = {}) {
  const a = McpApplication.create({
    name: 'Jobs',
    version: '1.0.0',
    providers: [Jobs],
    taskPollInterval: 10,
    taskResultLimit: 1000,
    ...options,
  });
  if (adapter !== undefined) a.bindState(adapter, () => {});
  return a;
}

export function link(principal = 'alice'): Link {
  return { peer: new Peer(), send: () => {}, principal };
}

export const modern = (
  id: number,
  method: string,
  params: JsonObject = {},
  meta: JsonObject = META,
) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });

export async function ask(a: McpApplication, payload: string, l: Link = link()): Promise<string> {
  return (await a.handle(payload, undefined, l))!;
}

export async function result(a: McpApplication, payload: string, l?: Link): Promise<JsonObject> {
  return JSON.parse(await ask(a, payload, l)).result;
}

/** Polls tasks/get until `done` says so (bounded). */
export async function until(
  a: McpApplication,
  taskId: string,
  done: (task: JsonObject) => boolean,
  l?: Link,
): Promise<JsonObject> {
  for (let i = 0; i < 200; i++) {
    const task = await result(a, modern(90, 'tasks/get', { taskId }), l);
    if (done(task)) return task;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`task ${taskId} never got there`);
}

/** A 2025-11-25 request (no _meta). */
export const legacy = (id: number, method: string, params: JsonObject = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });

afterEach(() => gates.clear());
