/**
 * The pieces every entry is built from (src/registry/entries.ts): the argument schema (explicit,
 * a DTO class from `design:paramtypes`, none, and the two start-up errors), the invoker (each
 * parameter in its place, interceptors as an onion composed once, `next()` at most once), and
 * the listed definition (`compact`, `frozenCopy`: a deep frozen copy that keeps every member).
 */
import 'reflect-metadata';
import { IsString } from 'class-validator';
import { Call, Context, type Interceptor, Tool, Use } from 'declarative-mcp';
import fc from 'fast-check';
import { z } from 'zod';
import type { JsonObject, McpCall } from '../../src/core';
import {
  argumentSchema,
  compact,
  EMPTY_OBJECT_SCHEMA,
  frozenCopy,
  invoker,
} from '../../src/registry/entries';
import { type ScannedMember, scanProvider } from '../../src/registry/scan';
import { refusal } from './skills/helpers';

class City {
  @IsString()
  city!: string;
}

const trail: string[] = [];
const around =
  (name: string): Interceptor =>
  async (invocation, next) => {
    trail.push(`${name} in ${invocation.kind} ${invocation.name} ${invocation.method}`);
    const value = await next();
    trail.push(`${name} out`);
    return `${name}(${String(value)})`;
  };

class Tools {
  @Tool() none() {
    return 'none';
  }

  @Tool() dto(data: City) {
    return data.city;
  }

  @Tool() text(data: string) {
    return data;
  }

  @Tool() placed(@Call() call: McpCall, data: { a: number }, @Context() context: unknown) {
    return { call, data, context };
  }
}

@Use(around('class'))
class Wrapped {
  @Use(around('method'))
  @Tool()
  wrapped(data: { a: number }) {
    trail.push('method');
    return `ran ${JSON.stringify(data)}`;
  }
}

const members = new Map(
  [...scanProvider(Tools), ...scanProvider(Wrapped)].map((m) => [m.record.method, m]),
);
const member = (name: string): ScannedMember => members.get(name)!;

describe('argumentSchema', () => {
  it('an explicit schema wins over the parameter type', () => {
    const schema = argumentSchema(
      member('dto'),
      z.object({ n: z.number() }),
      'input',
      'Tool "dto"',
    );
    expect(schema.jsonSchema).toMatchObject({ type: 'object', required: ['n'] });
    expect(schema.validate({ n: 1 })).toEqual({ ok: true, value: { n: 1 } });
  });

  it('no data parameter: the empty object schema, which takes any arguments', () => {
    expect(argumentSchema(member('none'), undefined, 'input', 'Tool "none"')).toBe(
      EMPTY_OBJECT_SCHEMA,
    );
    expect(EMPTY_OBJECT_SCHEMA.jsonSchema).toEqual({ type: 'object', properties: {} });
    expect(Object.isFrozen(EMPTY_OBJECT_SCHEMA.jsonSchema.properties)).toBe(true);
    expect(EMPTY_OBJECT_SCHEMA.validate({ x: 1 })).toEqual({ ok: true, value: { x: 1 } });
  });

  it('a DTO class from design:paramtypes', () => {
    const schema = argumentSchema(member('dto'), undefined, 'input', 'Tool "dto"');
    expect(schema.jsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(schema.validate({ city: 7 }).ok).toBe(false);
  });

  it('no design:paramtypes: how to turn the metadata on, or pass the schema', () => {
    const bare = { ...member('dto'), paramTypes: undefined };
    expect(refusal(() => argumentSchema(bare, undefined, 'args', 'Prompt "p"'))).toBe(
      'Prompt "p": no parameter types were emitted for Tools.dto, so its input schema cannot be derived. Turn on "emitDecoratorMetadata" and "experimentalDecorators" and compile with tsc or ts-jest (tsx, esbuild and swc without its decorator option drop the metadata), or pass args: z.object({ … }).',
    );
  });

  it('a built-in type says nothing about fields', () => {
    expect(refusal(() => argumentSchema(member('text'), undefined, 'input', 'Tool "text"'))).toBe(
      'Tool "text": parameter 0 of Tools.text has type String, which says nothing about its fields. Type it as a class-validator DTO class, or pass input: z.object({ … }). Mark the context parameter with @Context() and the call channel with @Call().',
    );
    const unknownType = { ...member('text'), paramTypes: [undefined] };
    expect(refusal(() => argumentSchema(unknownType, undefined, 'input', 'T'))).toContain(
      'has type undefined, which says nothing about its fields',
    );
  });
});

describe('invoker', () => {
  const call = { signal: new AbortController().signal } as unknown as McpCall;
  const describeNever = () => {
    throw new Error('describe() asked without interceptors');
  };

  it('puts the data, the context and the call in their parameters', () => {
    const run = invoker(member('placed'), new Tools(), [], describeNever);
    // Without interceptors, what the method returned, not wrapped in a promise.
    expect(run({ a: 1 }, { user: 'ada' }, call)).toEqual({
      call,
      data: { a: 1 },
      context: { user: 'ada' },
    });
  });

  it('a method of its data alone gets its data as its one argument, on its instance', () => {
    class Alone {
      seen: unknown[] = [];
      @Tool() echo(data: { a: number }) {
        // biome-ignore lint/complexity/noArguments: what the method was called with, exactly
        this.seen = [this, ...arguments];
        return data.a;
      }
    }
    const instance = new Alone();
    const alone = scanProvider(Alone)[0]!;
    expect([alone.arity, alone.dataIndex]).toEqual([1, 0]);
    const run = invoker(alone, instance, [], describeNever);
    expect(run({ a: 7 }, { user: 'ada' }, call)).toBe(7);
    expect(instance.seen).toEqual([instance, { a: 7 }]);
    expect(instance.seen[0]).toBe(instance);
  });

  it('calls the method on its instance; its throw reaches the caller, synchronously', () => {
    class Counter {
      count = 0;
      @Tool() bump() {
        this.count += 1;
        if (this.count > 1) throw new Error('twice');
        return this.count;
      }
    }
    const instance = new Counter();
    const run = invoker(scanProvider(Counter)[0], instance, [], describeNever);
    expect(run(undefined, undefined, call)).toBe(1);
    expect(() => run(undefined, undefined, call)).toThrow('twice');
  });

  it('interceptors wrap the method as an onion: the application’s, the class’s, the method’s', async () => {
    trail.length = 0;
    const described = jest.fn(() => ({
      kind: 'tool' as const,
      name: 'wrapped',
      definition: { name: 'wrapped' },
    }));
    const run = invoker(member('wrapped'), new Wrapped(), [around('app')], described);
    await expect(run({ a: 2 }, {}, call)).resolves.toBe('app(class(method(ran {"a":2})))');
    expect(trail).toEqual([
      'app in tool wrapped wrapped',
      'class in tool wrapped wrapped',
      'method in tool wrapped wrapped',
      'method',
      'method out',
      'class out',
      'app out',
    ]);
    expect(described).toHaveBeenCalledTimes(1);
  });

  it('the invocation an interceptor sees', async () => {
    let seen: unknown;
    const run = invoker(
      member('none'),
      new Tools(),
      [
        (invocation, next) => {
          seen = invocation;
          return next();
        },
      ],
      () => ({ kind: 'tool', name: 'none', definition: { name: 'none' } }),
    );
    await run({ x: 1 }, { user: 'ada' }, call);
    expect(seen).toEqual({
      kind: 'tool',
      name: 'none',
      definition: { name: 'none' },
      args: { x: 1 },
      context: { user: 'ada' },
      call,
      provider: Tools,
      method: 'none',
    });
  });

  it('next() twice is refused: the rest of the chain and the method run once', async () => {
    trail.length = 0;
    const twice: Interceptor = async (_invocation, next) => {
      await next();
      return next();
    };
    const run = invoker(member('wrapped'), new Wrapped(), [twice], () => ({
      kind: 'tool',
      name: 'wrapped',
      definition: {},
    }));
    await expect(run({ a: 1 }, {}, call)).rejects.toThrow(
      'next() called more than once (interceptor 1 of 3 around tool "wrapped"): call it at most once per invocation, and keep its promise to reuse the result.',
    );
    expect(trail.filter((t) => t === 'method')).toHaveLength(1);
    // The innermost layer too: its second next() would run the method again.
    trail.length = 0;
    const innermost = { ...member('wrapped'), interceptors: [twice] };
    const once = invoker(innermost, new Wrapped(), [], () => ({
      kind: 'tool',
      name: 'wrapped',
      definition: {},
    }));
    await expect(once({ a: 1 }, {}, call)).rejects.toThrow('(interceptor 1 of 1 around tool');
    expect(trail).toEqual(['method']);
  });
});

describe('the listed definition', () => {
  it('compact drops the members that are undefined, in place', () => {
    const definition: JsonObject = { name: 'x', title: undefined, description: '', n: 0 };
    expect(compact(definition)).toBe(definition);
    expect(definition).toEqual({ name: 'x', description: '', n: 0 });
    expect(Object.keys(definition)).toEqual(['name', 'description', 'n']);
  });

  it('frozenCopy: every level frozen, nothing shared with what the user passed, which stays as it was', () => {
    const icons = [{ src: 'https://example.com/a.png', sizes: ['48x48'] }];
    const source = { name: 't', icons, annotations: { readOnlyHint: true } };
    const copy = frozenCopy(source);
    expect(copy).toEqual(source);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.icons)).toBe(true);
    expect(Object.isFrozen(copy.icons[0].sizes)).toBe(true);
    expect(Object.isFrozen(copy.annotations)).toBe(true);
    expect(copy.icons).not.toBe(icons);
    expect(Object.isFrozen(icons)).toBe(false);
    expect(Object.isFrozen(icons[0])).toBe(false);
    expect(frozenCopy('text')).toBe('text');
    expect(frozenCopy(null)).toBeNull();
  });

  it('frozenCopy keeps a member named "__proto__" (a schema property of that name)', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"required":["__proto__"]}',
    );
    const copy = frozenCopy(schema);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(schema));
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.keys(copy.properties)).toEqual(['__proto__', 'constructor']);
  });

  it('property: the copy of any JSON value stringifies as the value, and is frozen all through', () => {
    const frozenAllThrough = (value: unknown): boolean =>
      typeof value !== 'object' ||
      value === null ||
      (Object.isFrozen(value) && Object.values(value).every(frozenAllThrough));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = frozenCopy(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
        expect(frozenAllThrough(copy)).toBe(true);
      }),
    );
  });
});
