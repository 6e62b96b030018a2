/**
 * The short field notation the generators and prompts accept:
 * `city: string, days?: integer, units: metric|imperial, tags: string[]`.
 * A field is `name` or `name?` (optional), then `: type`; the type is `string` (the default),
 * `number`, `integer`, `boolean`, one of those followed by `[]`, or `a|b|c` (one of these words).
 */

/** One field of a generated input. */
export interface Field {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  array: boolean;
  optional: boolean;
  /** The allowed values of an `a|b|c` field (then `type` is `string`). */
  values?: string[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const TYPES: Record<string, Field['type']> = {
  string: 'string',
  str: 'string',
  text: 'string',
  number: 'number',
  float: 'number',
  integer: 'integer',
  int: 'integer',
  boolean: 'boolean',
  bool: 'boolean',
};

/** Splits on commas, semicolons and new lines outside parentheses. */
export function splitTopLevel(spec: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of spec) {
    if (c === '(') depth++;
    if (c === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === ',' || c === ';' || c === '\n')) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Parses a field list; throws an Error that says which field is wrong and how to write it. */
export function parseFields(spec: string | undefined): Field[] {
  if (spec === undefined || spec.trim() === '') return [];
  const fields: Field[] = [];
  for (const part of splitTopLevel(spec)) {
    const colon = part.indexOf(':');
    let name = (colon < 0 ? part : part.slice(0, colon)).trim();
    let rawType = colon < 0 ? 'string' : part.slice(colon + 1).trim();
    let optional = false;
    if (name.endsWith('?')) {
      optional = true;
      name = name.slice(0, -1).trim();
    }
    if (!IDENTIFIER.test(name)) {
      throw new Error(
        `"${part}": "${name}" is not a field name (letters, digits, _ and $, not starting with a digit). Write fields as "city: string, days?: integer".`,
      );
    }
    if (fields.some((f) => f.name === name)) throw new Error(`Field "${name}" is given twice.`);
    let array = false;
    if (rawType.endsWith('[]')) {
      array = true;
      rawType = rawType.slice(0, -2).trim();
    }
    const field: Field = { name, type: 'string', array, optional };
    if (rawType.includes('|')) {
      const values = rawType
        .split('|')
        .map((v) => v.trim().replace(/^['"]|['"]$/g, ''))
        .filter((v) => v !== '');
      if (values.length === 0 || values.some((v) => !/^[\w .:/-]+$/.test(v))) {
        throw new Error(
          `"${part}": list the allowed values as words, e.g. "units: metric|imperial".`,
        );
      }
      field.values = [...new Set(values)];
    } else {
      const type = TYPES[rawType.toLowerCase()];
      if (type === undefined) {
        throw new Error(
          `"${part}": unknown type "${rawType}". Use string, number, integer, boolean, a list of words (a|b|c), or one of those followed by [].`,
        );
      }
      field.type = type;
    }
    fields.push(field);
  }
  return fields;
}

/** A JSON Schema of the fields (what the generated zod or DTO input lists as inputSchema). */
export function fieldsSchema(fields: readonly Field[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const field of fields) {
    const item: Record<string, unknown> =
      field.values !== undefined ? { type: 'string', enum: field.values } : { type: field.type };
    properties[field.name] = field.array ? { type: 'array', items: item } : item;
  }
  const required = fields.filter((f) => !f.optional).map((f) => f.name);
  return required.length > 0
    ? { type: 'object', properties, required }
    : { type: 'object', properties };
}
