/**
 * The source-writing helpers of the generators: names, literals, imports, and the zod or DTO
 * declaration of an input, as exact text.
 */
import fc from 'fast-check';
import {
  camel,
  declareInput,
  decorator,
  fenced,
  Imports,
  indent,
  kebab,
  key,
  member,
  pascal,
  quote,
  signature,
} from '../../src/devtools/code';
import type { Field } from '../../src/devtools/field-spec';

const field = (name: string, more: Partial<Field> = {}): Field => ({
  name,
  type: 'string',
  array: false,
  optional: false,
  ...more,
});

describe('names', () => {
  test.each([
    ['get_weather.v2', 'GetWeatherV2', 'getWeatherV2', 'get-weather-v2'],
    ['WeatherTools', 'WeatherTools', 'weatherTools', 'weather-tools'],
    ['show-chart', 'ShowChart', 'showChart', 'show-chart'],
    ['2fa check', 'X2faCheck', 'x2faCheck', '2fa-check'],
    ['a', 'A', 'a', 'a'],
  ])('%s → %s, %s, %s', (text, p, c, k) => {
    expect(pascal(text)).toBe(p);
    expect(camel(text)).toBe(c);
    expect(kebab(text)).toBe(k);
  });

  test('a text without letters or digits is "Generated", never an empty name', () => {
    expect(pascal('__..--')).toBe('Generated');
    expect(camel('')).toBe('generated');
    expect(kebab('!!')).toBe('');
  });

  test('pascal and camel always give an identifier', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(pascal(text)).toMatch(/^[A-Z][A-Za-z0-9]*$/);
        expect(camel(text)).toMatch(/^[a-z][A-Za-z0-9]*$/);
      }),
    );
  });
});

describe('literals', () => {
  test('quote escapes backslashes, quotes and new lines', () => {
    expect(quote("it's")).toBe("'it\\'s'");
    expect(quote('a\\b')).toBe("'a\\\\b'");
    expect(quote('one\r\ntwo\nthree')).toBe("'one\\ntwo\\nthree'");
  });

  test('a quoted text reads back as itself (without carriage returns before new lines)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const plain = text.replace(/\r\n/g, '\n');
        // biome-ignore lint/security/noGlobalEval: the literal is ours, and checking it parses is the point
        expect(eval(quote(plain))).toBe(plain);
      }),
    );
  });

  test('key and member: bare for identifiers, quoted otherwise', () => {
    expect(key('city')).toBe('city');
    expect(key('$ref')).toBe('$ref');
    expect(key('odd-name')).toBe("'odd-name'");
    expect(key('1st')).toBe("'1st'");
    expect(member('input', 'city')).toBe('input.city');
    expect(member('input', 'odd-name')).toBe("input['odd-name']");
  });
});

describe('Imports', () => {
  test('packages before relative paths, names sorted, a name is type-only only if always asked so', () => {
    const imports = new Imports()
      .add('./local', ['b', 'A'])
      .add('zod', ['z'])
      .add('declarative-mcp', ['Tool', 'McpCall'], true)
      .add('declarative-mcp', ['McpCall', 'Context'])
      .add('declarative-mcp', ['JsonObject'], true);
    expect(imports.render()).toBe(
      [
        "import { Context, type JsonObject, McpCall, type Tool } from 'declarative-mcp';",
        "import { z } from 'zod';",
        "import { A, b } from './local';",
      ].join('\n'),
    );
  });

  test('nothing added renders nothing', () => {
    expect(new Imports().render()).toBe('');
  });
});

describe('declareInput', () => {
  const fields: Field[] = [
    field('city'),
    field('days', { type: 'integer', optional: true }),
    field('units', { values: ['metric', 'imperial'] }),
    field('tags', { array: true }),
    field('scores', { type: 'number', array: true, optional: true }),
    field('kinds', { values: ['a', 'b'], array: true }),
    field('ok', { type: 'boolean' }),
  ];

  test('zod: one property per field, the option names the schema', () => {
    const imports = new Imports();
    const input = declareInput('ForecastInput', fields, 'zod', imports, 'The forecast');
    expect(input.declaration).toBe(`/** The forecast. */
export const ForecastInput = z.object({
  city: z.string(),
  days: z.number().int().optional(),
  units: z.enum(['metric', 'imperial']),
  tags: z.array(z.string()),
  scores: z.array(z.number()).optional(),
  kinds: z.array(z.enum(['a', 'b'])),
  ok: z.boolean(),
});`);
    expect(input.type).toBe('z.infer<typeof ForecastInput>');
    expect(input.option).toBe('ForecastInput');
    expect(imports.render()).toBe("import { z } from 'zod';");
  });

  test('dto: class-validator decorators per field, no option, its imports added', () => {
    const imports = new Imports();
    const input = declareInput('ForecastInput', fields, 'dto', imports, 'The forecast');
    expect(
      input.declaration,
    ).toBe(`/** The forecast. Import it as a value, never with \`import type\`: the registry reads it from the parameter's type. */
export class ForecastInput {
  @IsString()
  city!: string;

  @IsOptional()
  @IsInt()
  days?: number;

  @IsIn(['metric', 'imperial'])
  units!: 'metric' | 'imperial';

  @IsArray()
  @IsString({ each: true })
  tags!: string[];

  @IsOptional()
  @IsArray()
  @IsNumber({}, { each: true })
  scores?: number[];

  @IsArray()
  @IsIn(['a', 'b'], { each: true })
  kinds!: Array<'a' | 'b'>;

  @IsBoolean()
  ok!: boolean;
}`);
    expect(input.type).toBe('ForecastInput');
    expect(input.option).toBeUndefined();
    expect(imports.render()).toBe(
      "import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';",
    );
  });

  test('an odd field name is quoted in both styles', () => {
    const zod = declareInput('X', [field('odd-name')], 'zod', new Imports(), 'X');
    expect(zod.declaration).toContain("  'odd-name': z.string(),");
    const dto = declareInput('X', [field('odd-name')], 'dto', new Imports(), 'X');
    expect(dto.declaration).toContain("  'odd-name'!: string;");
  });
});

describe('layout', () => {
  test('indent pads non-empty lines only', () => {
    expect(indent('a\n\n  b')).toBe('  a\n\n    b');
    expect(indent('a', 4)).toBe('    a');
  });

  test('decorator: empty, inline, or one option per line past 96 characters', () => {
    expect(decorator('Tool', [['input', undefined]])).toBe('@Tool()');
    expect(
      decorator('Tool', [
        ['name', "'a'"],
        ['input', undefined],
      ]),
    ).toBe("@Tool({ name: 'a' })");
    const long = `'${'x'.repeat(90)}'`;
    expect(
      decorator('Tool', [
        ['name', "'a'"],
        ['description', long],
      ]),
    ).toBe(`@Tool({\n  name: 'a',\n  description: ${long},\n})`);
  });

  test('signature: one line up to 96 characters, else one parameter per line', () => {
    expect(signature('run', [], 'string')).toBe('run(): string');
    expect(signature('run', ['a: A', 'b: B'], 'string')).toBe('run(a: A, b: B): string');
    const long = `input: ${'X'.repeat(90)}`;
    expect(signature('run', [long, '@Call() call: McpCall'], 'string')).toBe(
      `run(\n  ${long},\n  @Call() call: McpCall,\n): string`,
    );
  });

  test('fenced: a ```ts block without trailing space', () => {
    expect(fenced('const a = 1;\n\n')).toBe('```ts\nconst a = 1;\n```');
  });
});
