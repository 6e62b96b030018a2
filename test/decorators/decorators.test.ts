/**
 * The decorators record metadata and do nothing else: one record set per class, in a WeakMap
 * keyed by the class, read back with `ownRecords`. No validation, no instance, no registry.
 */
import 'reflect-metadata';
import {
  Call,
  Context,
  type Interceptor,
  McpApplication,
  Prompt,
  Resource,
  Tool,
  Use,
} from 'declarative-mcp';
import * as decorators from 'declarative-mcp/decorators';
import { z } from 'zod';
import { ownRecords } from '../../decorators/metadata';

describe('@Tool, @Resource, @Prompt record one member each', () => {
  it('records kind, method and options, in declaration order', () => {
    const input = z.object({ city: z.string() });
    class WeatherTools {
      @Tool({ description: 'Forecast.', input, annotations: { readOnlyHint: true } })
      forecast() {}

      @Resource({ uri: 'weather://stations', mimeType: 'application/json' })
      stations() {}

      @Resource({ uriTemplate: 'weather://stations/{id}' })
      station() {}

      @Prompt({ title: 'Plan a trip' })
      plan() {}
    }

    expect(ownRecords(WeatherTools)?.members).toEqual([
      {
        kind: 'tool',
        method: 'forecast',
        options: { description: 'Forecast.', input, annotations: { readOnlyHint: true } },
      },
      {
        kind: 'resource',
        method: 'stations',
        options: { uri: 'weather://stations', mimeType: 'application/json' },
      },
      { kind: 'resource', method: 'station', options: { uriTemplate: 'weather://stations/{id}' } },
      { kind: 'prompt', method: 'plan', options: { title: 'Plan a trip' } },
    ]);
  });

  it('normalizes options: none given → {}, and a copy, so later changes to the object do not leak in', () => {
    const options = { name: 'first' };
    class Tools {
      @Tool() bare() {}
      @Prompt() plain() {}
      @Tool(options) named() {}
    }
    options.name = 'changed';

    const members = ownRecords(Tools)!.members;
    expect(members[0].options).toEqual({});
    expect(members[1].options).toEqual({});
    expect(members[2].options).toEqual({ name: 'first' });
    expect(members[2].options).not.toBe(options);
  });

  it('records a method decorated twice twice (the registry refuses it, the decorator does not judge)', () => {
    class Tools {
      @Tool()
      @Prompt()
      both() {}
    }
    expect(ownRecords(Tools)?.members.map((m) => m.kind)).toEqual(['prompt', 'tool']);
  });

  it('records a static method on its own class, never on the shared Function', () => {
    class Tools {
      @Tool() static shout() {}
      whisper() {}
    }
    expect(ownRecords(Tools)?.members).toEqual([{ kind: 'tool', method: 'shout', options: {} }]);
    expect(ownRecords(Function)).toBeUndefined();
  });
});

describe('records are keyed by class, never global', () => {
  it('two classes with the same method names do not see each other’s records', () => {
    class A {
      @Tool({ description: 'A' }) run() {}
    }
    class B {
      @Tool({ description: 'B' }) run() {}
      @Tool() other() {}
    }
    expect(ownRecords(A)?.members).toEqual([
      { kind: 'tool', method: 'run', options: { description: 'A' } },
    ]);
    expect(ownRecords(B)?.members.map((m) => m.options.description ?? m.method)).toEqual([
      'B',
      'other',
    ]);
  });

  it('a class without decorators has no records; a subclass does not own its base’s records', () => {
    class Undecorated {
      run() {}
    }
    class Base {
      @Tool() run() {}
    }
    class Sub extends Base {}
    expect(ownRecords(Undecorated)).toBeUndefined();
    expect(ownRecords(Sub)).toBeUndefined();
    expect(ownRecords(Base)?.members).toHaveLength(1);
  });

  it('defining classes does not build anything: no instance is created, no validation runs', () => {
    let constructed = 0;
    // A broken option (not a schema) and a template that does not parse: fine at decoration time.
    class Broken {
      constructor() {
        constructed += 1;
      }
      @Tool({ input: 'not a schema' as unknown as object }) bad() {}
      @Resource({ uriTemplate: 'notes://{slug' }) note() {}
    }
    expect(constructed).toBe(0);
    expect(ownRecords(Broken)?.members).toHaveLength(2);
    // The registry is where it fails, naming class and method.
    expect(() => McpApplication.create({ name: 'x', version: '1', providers: [Broken] })).toThrow(
      /Broken\.bad/,
    );
  });
});

describe('@Context() and @Call() mark parameters', () => {
  it('records the index and role per method', () => {
    class Tools {
      @Tool() one(_input: unknown, @Context() _context: unknown) {}
      @Tool() two(@Call() _call: unknown, _input: unknown, @Context() _context: unknown) {}
      @Tool() none() {}
    }
    const parameters = ownRecords(Tools)!.parameters;
    expect(parameters.get('one')).toEqual([{ index: 1, role: 'context' }]);
    expect(
      parameters
        .get('two')
        ?.slice()
        .sort((a, b) => a.index - b.index),
    ).toEqual([
      { index: 0, role: 'call' },
      { index: 2, role: 'context' },
    ]);
    expect(parameters.has('none')).toBe(false);
  });

  it('keeps both marks when @Context() is put on two parameters (the registry refuses it)', () => {
    class Tools {
      @Tool() twice(@Context() _a: unknown, @Context() _b: unknown) {}
    }
    expect(ownRecords(Tools)?.parameters.get('twice')).toHaveLength(2);
  });

  it('ignores constructor parameters: they belong to the DI container', () => {
    class Tools {
      constructor(@Context() readonly _x?: unknown) {}
      @Tool() run() {}
    }
    expect(ownRecords(Tools)?.parameters.size).toBe(0);
  });
});

describe('@Use() records interceptors on a class or a method', () => {
  const a: Interceptor = (_i, next) => next();
  const b: Interceptor = (_i, next) => next();
  const c: Interceptor = (_i, next) => next();

  it('on a class: class interceptors, in the order given', () => {
    @Use(a, b)
    class Tools {
      @Tool() run() {}
    }
    expect(ownRecords(Tools)?.classInterceptors).toEqual([a, b]);
    expect(ownRecords(Tools)?.methodInterceptors.size).toBe(0);
  });

  it('on a method: by method name, several @Use adding up', () => {
    class Tools {
      @Use(a)
      @Use(b, c)
      @Tool()
      run() {}
      @Tool() other() {}
    }
    // Decorators apply bottom-up: @Use(b, c) first, then @Use(a).
    expect(ownRecords(Tools)?.methodInterceptors.get('run')).toEqual([b, c, a]);
    expect(ownRecords(Tools)?.methodInterceptors.has('other')).toBe(false);
    expect(ownRecords(Tools)?.classInterceptors).toEqual([]);
  });
});

describe('declarative-mcp/decorators', () => {
  it('is the same API the main entry re-exports', () => {
    expect(decorators.Tool).toBe(Tool);
    expect(decorators.Resource).toBe(Resource);
    expect(decorators.Prompt).toBe(Prompt);
    expect(decorators.Context).toBe(Context);
    expect(decorators.Call).toBe(Call);
    expect(decorators.Use).toBe(Use);
    // The records are read by the registry, not part of the public API.
    expect('ownRecords' in decorators).toBe(false);
  });
});
