/**
 * How a tool declares tasks (src/tasks/declaration.ts): the related-task key, the `ttl` a
 * 2025-11-25 client asks for, and whether one call runs as a task in each revision.
 */
import { type McpCall, revisionNamed } from '../../src/core';
import {
  declaresTasks,
  RELATED_TASK,
  requestedTtl,
  runsAsTask,
  TASKS_EXTENSION,
  type TaskSupport,
} from '../../src/tasks/declaration';
import { app, ask, gate, legacy, result } from './harness';

test('the names both revisions use', () => {
  expect(RELATED_TASK).toBe('io.modelcontextprotocol/related-task');
  expect(TASKS_EXTENSION).toBe('io.modelcontextprotocol/tasks');
  expect(declaresTasks({ extensions: { [TASKS_EXTENSION]: {} } })).toBe(true);
  expect(declaresTasks({ extensions: { [TASKS_EXTENSION]: null } })).toBe(false);
  expect(declaresTasks(undefined)).toBe(false);
});

test.each<[unknown, number | undefined]>([
  [60_000, 60_000],
  [1, 1],
  [0, undefined],
  [-5, undefined],
  [1.5, undefined],
  ['60000', undefined],
  [Number.NaN, undefined],
  [Infinity, undefined],
  [undefined, undefined],
])('requestedTtl of task.ttl %p is %p', (ttl, expected) => {
  expect(requestedTtl({ requestedTask: { ttl } } as unknown as McpCall)).toBe(expected);
});

test('requestedTtl without params.task is undefined', () => {
  expect(requestedTtl({ requestedTask: undefined } as unknown as McpCall)).toBeUndefined();
});

/** A call of `version` as runsAsTask reads it: its revision, `params.task`, its capabilities. */
function call(version: string, requestedTask: object | undefined, tasks: boolean): McpCall {
  return {
    inbound: { revision: revisionNamed(version)! },
    requestedTask,
    clientCapabilities: tasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {},
  } as unknown as McpCall;
}

describe('2025-11-25: params.task decides, against the tool’s support', () => {
  it.each<[TaskSupport, boolean]>([
    ['optional', true],
    ['required', true],
  ])('%s with task runs as one', (support, runs) => {
    expect(runsAsTask(support, call('2025-11-25', { ttl: 10 }, false), 'job')).toBe(runs);
  });

  it('optional without task runs as any call does', () => {
    expect(runsAsTask('optional', call('2025-11-25', undefined, false), 'job')).toBe(false);
    expect(runsAsTask(undefined, call('2025-11-25', undefined, true), 'job')).toBe(false);
  });

  it('required without task, or forbidden with it, is -32601 naming the tool', () => {
    expect(() => runsAsTask('required', call('2025-11-25', undefined, true), 'job')).toThrow(
      expect.objectContaining({
        code: -32601,
        message:
          'Tool "job" runs only as a task (taskSupport: required): call it with "task": { "ttl": … }.',
      }),
    );
    expect(() => runsAsTask(undefined, call('2025-11-25', {}, false), 'job')).toThrow(
      expect.objectContaining({
        code: -32601,
        message:
          'Tool "job" does not run as a task (taskSupport: forbidden): call it without "task".',
      }),
    );
  });
});

describe('2026-07-28: the client’s tasks extension decides', () => {
  it('a tool with task support runs as one for a client that declares the extension', () => {
    expect(runsAsTask('optional', call('2026-07-28', undefined, true), 'job')).toBe(true);
    expect(runsAsTask('required', call('2026-07-28', undefined, true), 'job')).toBe(true);
  });

  it('a tool without task support never does, and a 2025 task hint is ignored', () => {
    expect(runsAsTask(undefined, call('2026-07-28', { ttl: 10 }, true), 'job')).toBe(false);
  });

  it('without the extension: optional runs as a call, required is -32021', () => {
    expect(runsAsTask('optional', call('2026-07-28', undefined, false), 'job')).toBe(false);
    expect(() => runsAsTask('required', call('2026-07-28', undefined, false), 'job')).toThrow(
      expect.objectContaining({
        code: -32021,
        message: `Missing required client capability: tools/call of "job" needs the "${TASKS_EXTENSION}" extension; declare it in _meta["io.modelcontextprotocol/clientCapabilities"].extensions`,
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      }),
    );
  });
});

describe('through an application (2025-11-25)', () => {
  it('a required tool without task, or a forbidden one with it, is -32601 (as SDK v1)', async () => {
    const a = app();
    expect(await ask(a, legacy(1, 'tools/call', { name: 'must' }))).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Tool \\"must\\" runs only as a task (taskSupport: required): call it with \\"task\\": { \\"ttl\\": … }."}}',
    );
    expect(await ask(a, legacy(2, 'tools/call', { name: 'plain', task: { ttl: 1000 } }))).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Tool \\"plain\\" does not run as a task (taskSupport: forbidden): call it without \\"task\\"."}}',
    );
    // An optional tool without task runs as any tool does.
    gate('o').open();
    expect(
      (await result(a, legacy(3, 'tools/call', { name: 'wait', arguments: { label: 'o' } })))
        .content,
    ).toEqual([{ type: 'text', text: 'done o' }]);
  });
});
