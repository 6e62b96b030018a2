/**
 * Building the entries (src/registry/build-entry.ts): mistakes in how a server is put together
 * are start-up errors: `McpApplication.create` throws a ConfigurationError whose message names
 * the class and method and says what to change.
 */
import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  Call,
  ConfigurationError,
  Context,
  McpApplication,
  type McpApplicationOptions,
  Prompt,
  Resource,
  Tool,
} from 'declarative-mcp';
import { z } from 'zod';

function create(providers: Function[], options: Partial<McpApplicationOptions> = {}) {
  return McpApplication.create({
    name: 'test',
    version: '1',
    providers: providers as unknown as McpApplicationOptions['providers'],
    ...options,
  });
}

/** The ConfigurationError `create` throws (fails the test when it does not throw one). */
function startupError(providers: Function[], options: Partial<McpApplicationOptions> = {}) {
  let caught: unknown;
  try {
    create(providers, options);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigurationError);
  expect(ConfigurationError.is(caught)).toBe(true);
  return (caught as ConfigurationError).message;
}

const city = z.object({ city: z.string() });

describe('duplicates', () => {
  it('two tools of the same name across providers name both classes and methods', () => {
    class WeatherTools {
      @Tool({ input: city }) forecast() {}
    }
    class OtherTools {
      @Tool({ name: 'forecast', input: city }) predict() {}
    }
    const message = startupError([WeatherTools, OtherTools]);
    expect(message).toContain('Duplicate tool "forecast"');
    expect(message).toContain('WeatherTools.forecast');
    expect(message).toContain('OtherTools.predict');
  });

  it('two prompts of the same name', () => {
    class A {
      @Prompt() summarize() {}
    }
    class B {
      @Prompt({ name: 'summarize' }) digest() {}
    }
    const message = startupError([A, B]);
    expect(message).toMatch(/Duplicate prompt "summarize".*A\.summarize.*B\.digest/);
  });

  it('a tool and a prompt may share a name (different lists)', () => {
    class A {
      @Tool() summarize() {}
      @Prompt({ name: 'summarize' }) summarizePrompt() {}
    }
    expect(() => create([A])).not.toThrow();
  });

  it('two resources of the same URI', () => {
    class A {
      @Resource({ uri: 'notes://index' }) index() {}
    }
    class B {
      @Resource({ uri: 'notes://index', name: 'other' }) other() {}
    }
    const message = startupError([A, B]);
    expect(message).toMatch(/Duplicate resource "notes:\/\/index".*A\.index.*B\.other/);
  });

  it('two templates of the same URI template', () => {
    class A {
      @Resource({ uriTemplate: 'notes://{slug}' }) note() {}
      @Resource({ uriTemplate: 'notes://{slug}', name: 'again' }) again() {}
    }
    const message = startupError([A]);
    expect(message).toMatch(/Duplicate template "notes:\/\/\{slug\}".*A\.note.*A\.again/);
  });

  it('the same provider listed twice registers its tools twice', () => {
    class A {
      @Tool() run() {}
    }
    expect(startupError([A, A])).toMatch(/Duplicate tool "run"/);
  });
});

describe('resources', () => {
  it('a template that does not parse', () => {
    class Notes {
      @Resource({ uriTemplate: 'notes://{slug' }) note() {}
    }
    const message = startupError([Notes]);
    expect(message).toContain('Notes.note');
    expect(message).toContain('does not parse');
    expect(message).toContain('unclosed "{"');
  });

  it('both uri and uriTemplate', () => {
    class Notes {
      @Resource({ uri: 'notes://a', uriTemplate: 'notes://{slug}' }) note() {}
    }
    expect(startupError([Notes])).toMatch(/Notes\.note.*exactly one of uri.*uriTemplate/);
  });

  it('neither uri nor uriTemplate', () => {
    class Notes {
      @Resource({ name: 'nothing' }) note() {}
    }
    expect(startupError([Notes])).toMatch(/Notes\.note.*exactly one of uri.*uriTemplate/);
  });

  it('`complete` on a fixed resource', () => {
    class Notes {
      @Resource({ uri: 'notes://a', complete: { slug: () => [] } }) note() {}
    }
    expect(startupError([Notes])).toMatch(/Notes\.note.*a fixed resource has none/);
  });

  it('`complete` naming a variable the template does not have', () => {
    class Notes {
      @Resource({ uriTemplate: 'notes://{slug}', complete: { nope: () => [] } }) note() {}
    }
    const message = startupError([Notes]);
    expect(message).toContain('Notes.note');
    expect(message).toContain('complete.nope names no argument (known: slug)');
  });
});

describe('parameters', () => {
  it('two @Context() parameters', () => {
    class Tools {
      @Tool() run(@Context() _a: unknown, @Context() _b: unknown) {}
    }
    const message = startupError([Tools]);
    expect(message).toContain('Tools.run');
    expect(message).toContain('@Context() marks two parameters');
  });

  it('two @Call() parameters', () => {
    class Tools {
      @Tool() run(@Call() _a: unknown, @Call() _b: unknown) {}
    }
    expect(startupError([Tools])).toMatch(/Tools\.run.*@Call\(\) marks two parameters/);
  });

  it('@Context() and @Call() on the same parameter', () => {
    class Tools {
      @Tool() run(@Context() @Call() _a: unknown) {}
    }
    expect(startupError([Tools])).toMatch(/Tools\.run.*both @Context\(\) and @Call\(\)/);
  });

  it('a parameter typed as an interface (Object at run time) without `input`', () => {
    interface Forecast {
      city: string;
    }
    class WeatherTools {
      @Tool() forecast(_input: Forecast) {}
    }
    const message = startupError([WeatherTools]);
    expect(message).toContain('Tool "forecast" on WeatherTools.forecast');
    expect(message).toContain('has type Object');
    expect(message).toContain('input: z.object');
  });

  it('a parameter typed as a primitive without `input`', () => {
    class Tools {
      @Prompt() greet(_name: string) {}
    }
    expect(startupError([Tools])).toMatch(/Prompt "greet" on Tools\.greet.*type String.*args:/);
  });

  it('the same interface-typed parameter is fine when `input` is given', () => {
    interface Forecast {
      city: string;
    }
    class WeatherTools {
      @Tool({ input: city }) forecast(_input: Forecast) {}
    }
    expect(() => create([WeatherTools])).not.toThrow();
  });
});

describe('schemas', () => {
  it('an input schema that is not an object schema (z.string())', () => {
    class WeatherTools {
      @Tool({ input: z.string() }) forecast() {}
    }
    const message = startupError([WeatherTools]);
    expect(message).toBe(
      'Tool "forecast" on WeatherTools.forecast: input schema must be an object schema (got ZodString). Wrap it: z.object({ … }).',
    );
  });

  it('a JSON Schema input that is not an object schema', () => {
    class Tools {
      @Tool({ input: { type: 'string' } }) run() {}
    }
    expect(startupError([Tools])).toMatch(/Tools\.run: input schema must be an object schema/);
  });

  it('an output schema that is not an object schema', () => {
    class Tools {
      @Tool({ output: z.array(z.number()) }) run() {}
    }
    expect(startupError([Tools])).toMatch(/Tools\.run \(output\): output schema must be an object/);
  });

  it('an input that is no schema at all', () => {
    class Tools {
      @Tool({ input: { description: 'not a schema' } }) run() {}
    }
    expect(startupError([Tools])).toMatch(/Tools\.run: input schema is not a schema/);
  });

  it('a DTO class without class-validator decorators', () => {
    class Bare {
      city!: string;
    }
    class Tools {
      @Tool() run(_input: Bare) {}
    }
    expect(startupError([Tools])).toMatch(
      /Tools\.run: input schema: class Bare has no class-validator/,
    );
  });

  it('prompt `complete` naming an unknown argument', () => {
    class Prompts {
      @Prompt({ args: z.object({ topic: z.string() }), complete: { subject: () => [] } })
      write() {}
    }
    const message = startupError([Prompts]);
    expect(message).toContain('Prompt "write" on Prompts.write');
    expect(message).toContain('complete.subject names no argument (known: topic)');
  });

  it('`complete` entries that are not functions', () => {
    class Prompts {
      @Prompt({
        args: z.object({ topic: z.string() }),
        complete: { topic: 'x' as unknown as () => string[] },
      })
      write() {}
    }
    expect(startupError([Prompts])).toMatch(/complete\.topic must be a function/);
  });

  it('`scopes` that are not a list of strings', () => {
    class Tools {
      @Tool({ scopes: 'orders:write' as unknown as string[] }) run() {}
    }
    expect(startupError([Tools])).toMatch(/Tools\.run: "scopes" must be an array of strings/);
  });
});

describe('methods and names', () => {
  it('a method decorated twice', () => {
    class Tools {
      @Tool()
      @Prompt()
      both() {}
    }
    const message = startupError([Tools]);
    expect(message).toContain('Tools.both is decorated 2 times (@Prompt, @Tool)');
  });

  it('@Tool twice on one method', () => {
    class Tools {
      @Tool({ name: 'a' })
      @Tool({ name: 'b' })
      both() {}
    }
    expect(startupError([Tools])).toContain('Tools.both is decorated 2 times');
  });

  it('a tool name with a space', () => {
    class Tools {
      @Tool({ name: 'get weather' }) run() {}
    }
    const message = startupError([Tools]);
    expect(message).toContain('Tool "get weather" on Tools.run');
    expect(message).toContain('1 to 128 characters');
  });

  it('a tool name longer than 128 characters; 128 is fine', () => {
    class Long {
      @Tool({ name: 'a'.repeat(129) }) run() {}
    }
    class Limit {
      @Tool({ name: 'a'.repeat(128) }) run() {}
    }
    expect(startupError([Long])).toContain('Long.run');
    expect(() => create([Limit])).not.toThrow();
  });

  it('a tool name of the allowed punctuation is fine', () => {
    class Tools {
      @Tool({ name: 'orders.cancel_v2-beta' }) run() {}
    }
    expect(() => create([Tools])).not.toThrow();
  });

  it('a decorated static method', () => {
    class Tools {
      @Tool() static run() {}
      @Tool() walk() {}
    }
    const message = startupError([Tools]);
    expect(message).toContain('Tools.run');
    expect(message).toContain('a static method');
  });
});

describe('providers', () => {
  it('a provider that needs constructor arguments without a container says to pass one', () => {
    class Repository {}
    class OrderTools {
      constructor(readonly repository: Repository) {}
      @Tool() list() {}
    }
    // No class decorator, so no design:paramtypes: the arity comes from the function itself.
    const message = startupError([OrderTools]);
    expect(message).toContain('Provider OrderTools needs 1 constructor argument(s)');
    expect(message).toContain('no container was given');
    expect(message).toContain('container: Container');
  });

  it('names the constructor parameter types when they were emitted', () => {
    class Repository {}
    const Injectable = (): ClassDecorator => () => {};
    @Injectable()
    class OrderTools {
      constructor(readonly repository: Repository) {}
      @Tool() list() {}
    }
    expect(startupError([OrderTools])).toContain('1 constructor argument(s) (Repository)');
  });

  it('a provider without decorated methods', () => {
    class Helpers {
      run() {}
    }
    const message = startupError([Helpers]);
    expect(message).toContain('Provider Helpers');
    expect(message).toContain('no @Tool, @Resource or @Prompt method');
  });

  it('a provider whose constructor throws', () => {
    class Tools {
      constructor() {
        throw new Error('no database');
      }
      @Tool() run() {}
    }
    expect(startupError([Tools])).toBe('Provider Tools: its constructor threw: no database');
  });

  it('a provider that is not a class, and providers that are not a list', () => {
    expect(startupError([42 as unknown as Function])).toMatch(/every provider must be a class/);
    expect(
      startupError(undefined as unknown as Function[], { providers: undefined as never }),
    ).toMatch(/"providers" must be an array/);
  });

  it('a container that is not a container', () => {
    class Tools {
      @Tool() run() {}
    }
    expect(startupError([Tools], { container: 42 as never })).toMatch(
      /"container" must be a typedi/,
    );
  });

  it('a DTO parameter is fine (control: the errors above are about the mistake only)', () => {
    class Input {
      @IsString() city!: string;
    }
    class Tools {
      @Tool() run(_input: Input, @Context() _context: unknown) {}
    }
    expect(() => create([Tools])).not.toThrow();
  });
});
