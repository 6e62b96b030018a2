/**
 * What a call asks its client and how the answers are read (src/core/asks.ts): an elicitation
 * answer needs a valid action, and accepted content must match the flat schema asked for; a
 * roots answer without a list is no roots. A task's ask (askInTask) goes straight to the task's
 * channel when nothing is traced; when traced, the channel gets the span's params and its `end`,
 * which is called with the answer's failure, if any.
 */
import { askInTask, type ElicitSchema, elicited, rootsOf } from '../../src/core/asks';
import { ToolError } from '../../src/core/errors';
import type { AskTracing } from '../../src/core/revisions/revision';
import type { TaskChannel } from '../../src/core/task-channel';
import type { JsonObject } from '../../src/core/types';

const schema: ElicitSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    score: { type: 'number' },
    ok: { type: 'boolean' },
    tags: { type: 'array' },
    color: { type: 'string', enum: ['red', 'green'] },
    free: {},
  },
  required: ['name'],
};

function refusal(result: unknown, asked: ElicitSchema = schema): string {
  try {
    elicited(result, asked);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('elicited', () => {
  test('an answer without a valid action is refused', () => {
    const message = 'The client answered elicitation/create with no valid "action".';
    expect(refusal(undefined)).toBe(message);
    expect(refusal('accept')).toBe(message);
    expect(refusal({})).toBe(message);
    expect(refusal({ action: 'maybe' })).toBe(message);
  });

  test('decline and cancel come back without the content the client sent', () => {
    expect(elicited({ action: 'decline', content: { name: 'x' } }, schema)).toEqual({
      action: 'decline',
    });
    expect(elicited({ action: 'cancel' }, schema)).toEqual({ action: 'cancel' });
  });

  test('accepted content that matches the schema comes back as sent', () => {
    const content = {
      name: 'Ada',
      age: 36,
      score: 1.5,
      ok: true,
      tags: ['a'],
      color: 'red',
      free: { any: 1 },
      extra: 'not in the schema',
    };
    expect(elicited({ action: 'accept', content }, schema)).toEqual({ action: 'accept', content });
  });

  test('accepted content is checked: required fields, types, integers and enums, all named', () => {
    expect(
      refusal({
        action: 'accept',
        content: { age: 1.5, score: '2', ok: 'yes', tags: 'a', color: 'blue' },
      }),
    ).toBe(
      "The client's elicitation answer does not match the requested schema: name: required; " +
        'age: expected integer; score: expected number; ok: expected boolean; tags: expected array; ' +
        'color: must be one of "red", "green"',
    );
    expect(refusal({ action: 'accept', content: { name: 3 } })).toBe(
      "The client's elicitation answer does not match the requested schema: name: expected string",
    );
  });

  test('an accept without content is empty content, still checked against required fields', () => {
    expect(elicited({ action: 'accept' }, { type: 'object', properties: {} })).toEqual({
      action: 'accept',
      content: {},
    });
    expect(refusal({ action: 'accept', content: 'x' })).toBe(
      "The client's elicitation answer does not match the requested schema: name: required",
    );
  });

  test('a schema without properties or a required list checks nothing', () => {
    const loose = { type: 'object', properties: undefined } as unknown as ElicitSchema;
    expect(elicited({ action: 'accept', content: { a: 1 } }, loose)).toEqual({
      action: 'accept',
      content: { a: 1 },
    });
  });
});

describe('rootsOf', () => {
  test('the roots the client listed', () => {
    const roots = [{ uri: 'file:///a', name: 'a' }, { uri: 'file:///b' }];
    expect(rootsOf({ roots })).toBe(roots);
  });

  test('no list is no roots', () => {
    expect(rootsOf(undefined)).toEqual([]);
    expect(rootsOf({})).toEqual([]);
    expect(rootsOf({ roots: 'file:///a' })).toEqual([]);
  });
});

describe('askInTask', () => {
  function channel(answer: () => Promise<unknown>) {
    const asks: Array<{ args: unknown[] }> = [];
    const taskChannel: TaskChannel = {
      taskId: 't1',
      signal: new AbortController().signal,
      status: () => {},
      ask: (...args: unknown[]) => {
        asks.push({ args });
        return answer();
      },
    };
    return { taskChannel, asks };
  }

  function tracing() {
    const ends: unknown[][] = [];
    const opened: Array<{ method: string; params: JsonObject }> = [];
    const tracer: AskTracing = {
      ask: (_method, params, send) => send(params),
      carrier: () => undefined,
      open: (method, params) => {
        opened.push({ method, params });
        return {
          params: { ...params, _meta: { traceparent: 'tp' } },
          end: (...args: unknown[]) => {
            ends.push(args);
          },
        };
      },
    };
    return { tracer, ends, opened };
  }

  test('untraced: the ask goes to the channel as asked, and its answer comes back', async () => {
    const { taskChannel, asks } = channel(async () => ({ action: 'decline' }));
    const answer = await askInTask(
      taskChannel,
      undefined,
      'k',
      'elicitation',
      'elicitation/create',
      {
        message: 'm',
      },
    );
    expect(answer).toEqual({ action: 'decline' });
    expect(asks).toEqual([{ args: ['k', 'elicitation', 'elicitation/create', { message: 'm' }] }]);
  });

  test('a tracer that traces nothing (open answers undefined) leaves the ask as it is', async () => {
    const { taskChannel, asks } = channel(async () => 1);
    const tracer: AskTracing = {
      ask: (_m, p, send) => send(p),
      carrier: () => undefined,
      open: () => undefined,
    };
    expect(await askInTask(taskChannel, tracer, 'k', 'roots', 'roots/list', {})).toBe(1);
    expect(asks[0]!.args).toHaveLength(4);
  });

  test('traced: the channel gets the span params and its end, ended once the answer arrives', async () => {
    const { taskChannel, asks } = channel(async () => ({ roots: [] }));
    const { tracer, ends, opened } = tracing();
    const answer = await askInTask(taskChannel, tracer, 'k', 'roots', 'roots/list', { a: 1 });
    expect(answer).toEqual({ roots: [] });
    expect(opened).toEqual([{ method: 'roots/list', params: { a: 1 } }]);
    expect(asks[0]!.args.slice(0, 4)).toEqual([
      'k',
      'roots',
      'roots/list',
      { a: 1, _meta: { traceparent: 'tp' } },
    ]);
    expect(typeof asks[0]!.args[4]).toBe('function');
    expect(ends).toEqual([[]]);
  });

  test('traced: a failed ask ends its span with the failure and still rejects', async () => {
    const failure = new Error('refused');
    const { taskChannel } = channel(() => Promise.reject(failure));
    const { tracer, ends } = tracing();
    await expect(
      askInTask(taskChannel, tracer, 'k', 'sampling', 'sampling/createMessage', {}),
    ).rejects.toBe(failure);
    expect(ends).toEqual([[failure]]);
  });
});
