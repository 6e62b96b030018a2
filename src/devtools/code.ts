/**
 * Small helpers for writing TypeScript source: names, literals, imports, and the zod or DTO
 * declaration of a generated input.
 */
import type { Field } from './field-spec';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '');
}

/** `get_weather.v2` → `GetWeatherV2` (prefixed when it would start with a digit). */
export function pascal(text: string): string {
  const name = words(text)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  if (name === '') return 'Generated';
  return /^[0-9]/.test(name) ? `X${name}` : name;
}

/** `get_weather` → `getWeather`. */
export function camel(text: string): string {
  const name = pascal(text);
  return name[0].toLowerCase() + name.slice(1);
}

/** `WeatherTools` → `weather-tools`. */
export function kebab(text: string): string {
  return words(text)
    .map((w) => w.toLowerCase())
    .join('-');
}

/** A single-quoted string literal. */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r?\n/g, '\\n')}'`;
}

/** An object key: bare when it is an identifier. */
export function key(name: string): string {
  return IDENTIFIER.test(name) ? name : quote(name);
}

/** `object.name`, or `object['odd-name']`. */
export function member(object: string, name: string): string {
  return IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${quote(name)}]`;
}

/** The named imports of one generated file, rendered sorted by module. */
export class Imports {
  private readonly modules = new Map<string, Map<string, boolean>>();

  /** Adds `names` from `module` (`type` for type-only names). */
  add(module: string, names: string[], type = false): this {
    const map = this.modules.get(module) ?? new Map<string, boolean>();
    for (const name of names) map.set(name, (map.get(name) ?? true) && type);
    this.modules.set(module, map);
    return this;
  }

  render(): string {
    // Packages first, then relative paths, each alphabetically (as biome orders them).
    const order = (module: string): string => (module.startsWith('.') ? `~${module}` : module);
    return [...this.modules.keys()]
      .sort((a, b) => (order(a) < order(b) ? -1 : 1))
      .map((module) => {
        const names = [...this.modules.get(module)!.entries()]
          .sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
          .map(([name, type]) => (type ? `type ${name}` : name));
        return `import { ${names.join(', ')} } from ${quote(module)};`;
      })
      .join('\n');
  }
}

/** How a generated input is declared. */
export type InputStyle = 'zod' | 'dto';

function zodOf(field: Field): string {
  let base =
    field.values !== undefined
      ? `z.enum([${field.values.map(quote).join(', ')}])`
      : field.type === 'integer'
        ? 'z.number().int()'
        : `z.${field.type}()`;
  if (field.array) base = `z.array(${base})`;
  return field.optional ? `${base}.optional()` : base;
}

function typeOf(field: Field): string {
  const base =
    field.values !== undefined
      ? field.values.map(quote).join(' | ')
      : field.type === 'integer'
        ? 'number'
        : field.type;
  if (!field.array) return base;
  return field.values !== undefined && field.values.length > 1 ? `Array<${base}>` : `${base}[]`;
}

function validatorsOf(field: Field, imports: Imports): string[] {
  const each = field.array ? '{ each: true }' : '';
  const used: string[] = [];
  const lines: string[] = [];
  if (field.optional) {
    used.push('IsOptional');
    lines.push('@IsOptional()');
  }
  if (field.array) {
    used.push('IsArray');
    lines.push('@IsArray()');
  }
  if (field.values !== undefined) {
    used.push('IsIn');
    lines.push(`@IsIn([${field.values.map(quote).join(', ')}]${each ? `, ${each}` : ''})`);
  } else if (field.type === 'number') {
    used.push('IsNumber');
    lines.push(each ? `@IsNumber({}, ${each})` : '@IsNumber()');
  } else {
    const name = { string: 'IsString', integer: 'IsInt', boolean: 'IsBoolean' }[field.type];
    used.push(name);
    lines.push(`@${name}(${each})`);
  }
  imports.add('class-validator', used);
  return lines;
}

/** A declared input: the statement(s) to put before the class, and how the method types it. */
export interface InputDeclaration {
  /** `export const ForecastInput = z.object({…});` or `export class ForecastInput {…}`. */
  declaration: string;
  /** The parameter type: `z.infer<typeof ForecastInput>` or `ForecastInput`. */
  type: string;
  /** What goes in the decorator's options (`input: ForecastInput`), or nothing for a DTO. */
  option: string | undefined;
}

/**
 * The zod object or the class-validator DTO class for `fields`, named `name`. A DTO is found by
 * the registry from the parameter's type, so it needs no option (and must be imported as a value).
 */
export function declareInput(
  name: string,
  fields: readonly Field[],
  style: InputStyle,
  imports: Imports,
  what: string,
): InputDeclaration {
  if (style === 'zod') {
    imports.add('zod', ['z']);
    const body = fields.map((f) => `  ${key(f.name)}: ${zodOf(f)},`).join('\n');
    return {
      declaration: `/** ${what}. */\nexport const ${name} = z.object({\n${body}\n});`,
      type: `z.infer<typeof ${name}>`,
      option: name,
    };
  }
  const body = fields
    .map((f) => {
      const decorators = validatorsOf(f, imports).map((d) => `  ${d}`);
      const declared = `  ${key(f.name)}${f.optional ? '?' : '!'}: ${typeOf(f)};`;
      return [...decorators, declared].join('\n');
    })
    .join('\n\n');
  return {
    declaration: `/** ${what}. Import it as a value, never with \`import type\`: the registry reads it from the parameter's type. */\nexport class ${name} {\n${body}\n}`,
    type: name,
    option: undefined,
  };
}

/** Indents every non-empty line of `text` by `spaces`. */
export function indent(text: string, spaces = 2): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

/** A decorator call with an options object, one option per line (or none). */
export function decorator(name: string, options: Array<[string, string | undefined]>): string {
  const present = options.filter(([, value]) => value !== undefined) as Array<[string, string]>;
  if (present.length === 0) return `@${name}()`;
  const inline = `@${name}({ ${present.map(([k, v]) => `${k}: ${v}`).join(', ')} })`;
  if (inline.length <= 96) return inline;
  return `@${name}({\n${present.map(([k, v]) => `  ${k}: ${v},`).join('\n')}\n})`;
}

/** A method signature, its parameters one per line when it would be too long. */
export function signature(name: string, parameters: readonly string[], result: string): string {
  const line = `${name}(${parameters.join(', ')}): ${result}`;
  if (line.length <= 96 || parameters.length === 0) return line;
  return `${name}(\n${parameters.map((p) => `  ${p},`).join('\n')}\n): ${result}`;
}

/** A ```ts fenced block. */
export function fenced(code: string): string {
  return `\`\`\`ts\n${code.trimEnd()}\n\`\`\``;
}
