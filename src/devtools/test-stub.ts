/**
 * The test generator: a jest or `node:test` test that drives one tool through the in-memory client
 * (`connect` from `declarative-mcp/testing`): listed, answers sample arguments, refuses bad ones.
 */
import { isObject } from '../core';
import { Imports, kebab, pascal, quote } from './code';
import { fieldsSchema, parseFields } from './field-spec';
import { checkedClass, type Stub, StubError } from './stubs';

type Schema = Record<string, unknown>;

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  return undefined;
}

/** A value `schema` accepts, as simple as possible (required members only). */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list) && list.length > 0) {
      return keyword === 'allOf'
        ? Object.assign({}, ...list.map((s) => sampleOf(s, depth + 1)))
        : sampleOf(list[0], depth + 1);
    }
  }
  switch (typeOf(schema) ?? (isObject(schema.properties) ? 'object' : undefined)) {
    case 'string': {
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const text = 'example';
      return text.length >= min ? text : text.padEnd(min, 'x');
    }
    case 'integer':
    case 'number': {
      let value = 1;
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const above =
        typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      const below =
        typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
      if (min !== undefined && value < min) value = Math.ceil(min);
      if (above !== undefined && value <= above) value = Math.floor(above) + 1;
      if (max !== undefined && value > max) value = Math.floor(max);
      if (below !== undefined && value >= below) value = Math.ceil(below) - 1;
      return value;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return min > 0 ? Array.from({ length: min }, () => sampleOf(schema.items, depth + 1)) : [];
    }
    case 'object': {
      const out: Schema = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      for (const name of required) out[name] = sampleOf(properties[name], depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** Arguments the schema refuses: the first typed property given a value of the wrong type, or a required one left out. */
export function invalidOf(schema: unknown): Schema | undefined {
  if (!isObject(schema)) return undefined;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const valid = sampleOf(schema) as Schema;
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const wrong: Record<string, unknown> = {
      string: 42,
      number: 'not a number',
      integer: 'not a number',
      boolean: 'not a boolean',
      array: 'not a list',
      object: 'not an object',
    };
    const type = Array.isArray(property.enum) ? 'enum' : typeOf(property);
    if (type === 'enum') return { ...valid, [name]: '__not_one_of_the_values__' };
    if (type !== undefined && type in wrong) return { ...valid, [name]: wrong[type] };
  }
  if (required.length > 0) {
    const { [required[0]]: _left, ...rest } = valid;
    return rest;
  }
  return undefined;
}

function parsedFields(spec: string) {
  try {
    return parseFields(spec);
  } catch (error) {
    throw new StubError((error as Error).message);
  }
}

/** What the test generator needs to know of the tool. */
export interface TestStubRequest {
  tool: string;
  /** The provider class exporting the tool. */
  provider: string;
  /** Where the test imports the provider from (default `./<provider in kebab case>`). */
  module?: string;
  /** The test runner: `jest` (default) or node's own `node:test` (run with `node --test dist/`). */
  runner?: TestRunner;
  /** The tool's input schema (from the introspected application, or from a field list). */
  inputSchema?: Schema;
  /** A field list instead of a schema. */
  fields?: string;
  /** Arguments for the passing call (default: a sample the schema accepts). */
  args?: Schema;
  /** The scopes the tool requires: the test's context holds them. */
  scopes?: readonly string[];
  /** Resolve the provider from typedi's `Container`. */
  container?: boolean;
  /**
   * The Nest form: the test boots a Nest testing module (`@nestjs/testing`) and drives the
   * `McpApplication` that `DeclarativeMcpModule` built from it.
   */
  nest?: boolean;
  /**
   * With `nest`: the user's Nest module to import (from `module`), which provides the provider and
   * imports `DeclarativeMcpModule`. Without it the test imports `DeclarativeMcpModule.forRoot`
   * and provides the provider itself.
   */
  nestModule?: string;
}

/** The runners a generated test is written for. */
export type TestRunner = 'jest' | 'node:test';

/** The lines that differ between the runners: imports and assertions. */
const ASSERT = {
  jest: {
    listed: "    expect(listed?.inputSchema).toMatchObject({ type: 'object' });",
    answered: [
      '    expect(result.isError).toBeFalsy();',
      '    // TODO: check what the tool answered, e.g.',
      "    // expect(result.content).toEqual([{ type: 'text', text: '…' }]);",
    ],
    refused: '    expect(result.isError).toBe(true);',
  },
  'node:test': {
    listed: "    assert.equal(listed?.inputSchema.type, 'object');",
    answered: [
      '    assert.ok(!result.isError);',
      '    // TODO: check what the tool answered, e.g.',
      "    // assert.deepEqual(result.content, [{ type: 'text', text: '…' }]);",
    ],
    refused: '    assert.equal(result.isError, true);',
  },
} as const;

/** A jest (or `node:test`) test file for one tool. */
export function testStub(request: TestStubRequest): Stub {
  const { tool, provider } = request;
  if (!/^[A-Z][A-Za-z0-9_$]*$/.test(provider)) {
    throw new StubError(
      `"${provider}" is not a class name: give the provider class, e.g. WeatherTools.`,
    );
  }
  const schema =
    request.inputSchema ??
    (request.fields !== undefined ? fieldsSchema(parsedFields(request.fields)) : fieldsSchema([]));
  const args = request.args ?? (sampleOf(schema) as Schema);
  const invalid = invalidOf(schema);
  const module = request.module ?? `./${kebab(provider)}`;
  if (request.nestModule !== undefined && request.nest !== true) {
    throw new StubError('nestModule is for the Nest form: give nest: true with it.');
  }
  const runner = request.runner ?? 'jest';
  const imports = new Imports();
  if (runner === 'node:test') {
    // `strict as assert`: no default import, so no esModuleInterop needed (TS1259).
    imports.add('node:assert', ['strict as assert']);
    imports.add('node:test', ['afterEach', 'beforeEach', 'describe', 'test']);
  }
  if (request.nest === true) {
    imports.add('@nestjs/testing', ['Test']).add('@nestjs/testing', ['TestingModule'], true);
  }
  imports
    .add('declarative-mcp', ['McpApplication'])
    .add('declarative-mcp/testing', ['connect'])
    .add('declarative-mcp/testing', ['TestClient'], true);
  if (request.container === true && request.nest !== true) imports.add('typedi', ['Container']);
  const scopes = (request.scopes ?? []).map(quote).join(', ');
  const json = (value: unknown): string => JSON.stringify(value);
  const connectLines = [
    '    // What every call receives as its context, as a transport would pass it.',
    `    client = await connect(app, { identity: { id: 'test-user', scopes: [${scopes}] } });`,
  ];
  let setup: string[];
  if (request.nest === true) {
    const nestModule =
      request.nestModule === undefined ? undefined : checkedClass(request.nestModule);
    if (nestModule !== undefined) imports.add(module, [nestModule]);
    else imports.add('declarative-mcp/nestjs', ['DeclarativeMcpModule']).add(module, [provider]);
    setup = [
      '  let nest: TestingModule;',
      '  let client: TestClient;',
      '',
      '  beforeEach(async () => {',
      ...(nestModule !== undefined
        ? [
            `    // ${nestModule} provides ${provider} and imports DeclarativeMcpModule: Nest builds the`,
            '    // providers with their injected services, as in the application.',
            `    nest = await Test.createTestingModule({ imports: [${nestModule}] }).compile();`,
          ]
        : [
            `    // ${provider} as a Nest provider; add the providers it injects (or import your own module).`,
            '    nest = await Test.createTestingModule({',
            "      imports: [DeclarativeMcpModule.forRoot({ name: 'test', version: '0.0.0', http: false })],",
            `      providers: [${provider}],`,
            '    }).compile();',
          ]),
      '    // The application DeclarativeMcpModule built from the Nest providers.',
      '    const app = nest.get(McpApplication);',
      ...connectLines,
      '  });',
      '',
      '  afterEach(async () => {',
      '    client.close();',
      '    await nest.close();',
      '  });',
      '',
    ];
  } else {
    imports.add(module, [provider]);
    setup = [
      '  let client: TestClient;',
      '',
      '  beforeEach(async () => {',
      '    const app = McpApplication.create({',
      "      name: 'test',",
      "      version: '0.0.0',",
      `      providers: [${provider}],`,
      ...(request.container === true ? ['      container: Container,'] : []),
      '    });',
      ...connectLines,
      '  });',
      '',
      '  afterEach(() => client.close());',
      '',
    ];
  }
  const lines = [
    imports.render(),
    '',
    `describe(${quote(`tool ${tool}`)}, () => {`,
    ...setup,
    "  test('is listed with an object input schema', async () => {",
    `    const listed = (await client.listTools()).find((t) => t.name === ${quote(tool)});`,
    ASSERT[runner].listed,
    '  });',
    '',
    "  test('answers valid arguments', async () => {",
    `    const result = await client.callTool(${quote(tool)}, ${json(args)});`,
    ...ASSERT[runner].answered,
    '  });',
  ];
  if (invalid !== undefined) {
    lines.push(
      '',
      "  test('refuses invalid arguments with an isError result the model can read', async () => {",
      `    const result = await client.callTool(${quote(tool)}, ${json(invalid)});`,
      ASSERT[runner].refused,
      '  });',
    );
  }
  lines.push('});');
  const what =
    runner === 'jest' ? 'A jest test' : 'A node:test test (`tsc`, then `node --test dist/`)';
  return {
    file: `${kebab(pascal(tool))}.test.ts`,
    code: lines.join('\n'),
    summary:
      request.nest === true
        ? `${what} of the tool "${tool}" through the in-memory client on the application of a Nest testing module (@nestjs/testing), importing ${request.nestModule ?? provider} from ${module}.`
        : `${what} of the tool "${tool}" through the in-memory client, importing ${provider} from ${module}.`,
  };
}
