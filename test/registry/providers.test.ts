/**
 * Scanning the providers (src/registry/providers.ts): each class's decorated members become
 * catalog entries bound to one instance, resolved once (through the container when one is
 * given), and a class that is not a class or declares nothing is a start-up error.
 */
import 'reflect-metadata';
import {
  Call,
  ConfigurationError,
  type McpCall,
  Prompt,
  Resource,
  Skill,
  Tool,
} from 'declarative-mcp';
import { scanProviders } from '../../src/registry/providers';

const noProblem = (message: string) => {
  throw new Error(`unexpected start-up problem: ${message}`);
};

function scan(
  providers: unknown[],
  more: Parameters<typeof scanProviders>[0] extends infer O ? Partial<O> : never = {},
) {
  return scanProviders<unknown>({ providers: providers as never, ...more }, noProblem);
}

test('every decorated member becomes an entry of the catalog, in declaration order', () => {
  class Weather {
    @Tool() forecast() {
      return 'sunny';
    }
    @Resource({ uri: 'weather://stations' }) stations() {
      return 'list';
    }
    @Prompt() briefing() {
      return 'brief';
    }
  }
  class Clock {
    @Tool() now() {
      return 'noon';
    }
  }
  const { catalog, usesCall, served } = scan([Weather, Clock]);
  expect(catalog.entries.map((entry) => `${entry.kind}:${entry.key}`)).toEqual([
    'tool:forecast',
    'resource:weather://stations',
    'prompt:briefing',
    'tool:now',
  ]);
  expect(catalog.count('tool')).toBe(2);
  expect(usesCall).toBe(false);
  expect(served).toEqual([]);
});

test('usesCall is true as soon as one method takes a @Call() parameter', () => {
  class Plain {
    @Tool() a() {
      return 'a';
    }
  }
  class Logs {
    @Tool() b(@Call() call: McpCall) {
      return String(call !== undefined);
    }
  }
  expect(scan([Plain]).usesCall).toBe(false);
  expect(scan([Plain, Logs]).usesCall).toBe(true);
});

test('a provider is constructed once for all its members, without a container by new', () => {
  let made = 0;
  class Counted {
    constructor() {
      made += 1;
    }
    @Tool() one() {
      return '1';
    }
    @Tool() two() {
      return '2';
    }
  }
  scan([Counted]);
  expect(made).toBe(1);
});

test('with a container, each provider is asked of it once', () => {
  class Tools {
    @Tool() run() {
      return 'ran';
    }
  }
  const asked: Function[] = [];
  const container = {
    get<T>(type: abstract new (...args: never[]) => T): T {
      asked.push(type);
      return new (type as unknown as new () => T)();
    },
  };
  scan([Tools], { container });
  expect(asked).toEqual([Tools]);
});

test('a provider that is not a class, or declares nothing, is a ConfigurationError saying what to do', () => {
  class Helpers {
    run() {}
  }
  expect(() => scan([42])).toThrow(
    new ConfigurationError('McpApplication.create: every provider must be a class; got 42.'),
  );
  expect(() => scan([Helpers])).toThrow(
    new ConfigurationError(
      'Provider Helpers: no @Tool, @Resource or @Prompt method, and no @Skill. Decorate its methods, or remove it from "providers".',
    ),
  );
  expect(() => scan([Helpers])).toThrow(ConfigurationError);
});

test('no providers: an empty catalog', () => {
  const { catalog, usesCall, served } = scan([]);
  expect(catalog.entries).toEqual([]);
  expect(usesCall).toBe(false);
  expect(served).toEqual([]);
});

test('a @Skill provider without members is served as a skill, and not constructed to be scanned', () => {
  let made = 0;
  @Skill({ files: { 'SKILL.md': '---\nname: notes\ndescription: Notes\n---\nRead me.\n' } })
  class Notes {
    constructor() {
      made += 1;
    }
  }
  const { catalog, served } = scan([Notes]);
  expect(catalog.entries).toEqual([]);
  expect(served).toHaveLength(1);
  expect(made).toBe(0);
});
