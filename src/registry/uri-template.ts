/**
 * RFC 6570 URI templates, for matching a requested URI against `@Resource({ uriTemplate })`.
 * Supports the operators of levels 1–3 (`{var}`, `{+var}`, `{#var}`, `{.var}`, `{/var}`,
 * `{;var}`, `{?a,b}`, `{&a}`) with one or more variables per expression, and the `*` explode
 * modifier on path-like operators, and the `:n` prefix modifier. Matching is the inverse of
 * expansion: a variable of simple expansion never spans a `/`, `?`, `#` or `,`; reserved
 * expansion (`+`, `#`) may; a `{x:3}` value is at most 3 characters once decoded, since
 * expansion never writes more (RFC 6570 §2.4.1).
 */

/** A parsed URI template. */
export interface UriTemplate {
  readonly template: string;
  /** The variable names, in order. */
  readonly variables: readonly string[];
  /** The variables of `uri` when it matches, else `null`. */
  match(uri: string): Record<string, string> | null;
}

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decode(value: string, reserved: boolean): string {
  try {
    return reserved ? decodeURI(value) : decodeURIComponent(value);
  } catch {
    return value;
  }
}

interface Part {
  operator: string;
  names: string[];
  explode: boolean[];
  /** The `:n` of each variable (its longest value, in characters), or 0 for none. */
  prefix: number[];
}

/** Parses `template`; throws an Error whose message says what is wrong. */
export function parseUriTemplate(template: string): UriTemplate {
  if (typeof template !== 'string' || template === '') throw new Error('the URI template is empty');
  let pattern = '^';
  const parts: Part[] = [];
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    const close = template.indexOf('}', index);
    if (close !== -1 && (open === -1 || close < open)) throw new Error(`unmatched "}" at ${close}`);
    if (open === -1) {
      pattern += escapeRegExp(template.slice(index));
      break;
    }
    pattern += escapeRegExp(template.slice(index, open));
    const end = template.indexOf('}', open);
    if (end === -1) throw new Error(`unclosed "{" at ${open}`);
    const body = template.slice(open + 1, end);
    if (body.includes('{')) throw new Error(`nested "{" at ${open}`);
    const operator = /^[+#./;?&]/.test(body) ? body[0] : '';
    const specs = (operator ? body.slice(1) : body).split(',');
    const names: string[] = [];
    const explode: boolean[] = [];
    const prefix: number[] = [];
    for (const spec of specs) {
      // RFC 6570 §2.4.1: max-length = %x31-39 0*3DIGIT (1 to 9999, no leading zero).
      const modifier = /(\*|:[1-9]\d{0,3})$/.exec(spec)?.[0] ?? '';
      const name = spec.slice(0, spec.length - modifier.length);
      if (!VARNAME.test(name)) throw new Error(`invalid variable "${spec}" in "{${body}}"`);
      names.push(name);
      explode.push(modifier === '*');
      prefix.push(modifier.startsWith(':') ? Number(modifier.slice(1)) : 0);
    }
    parts.push({ operator, names, explode, prefix });
    pattern += expressionPattern(operator, names.length);
    index = end + 1;
  }
  pattern += '$';
  const regex = new RegExp(pattern);
  const variables = parts.flatMap((part) => part.names);
  const seen = new Set<string>();
  for (const name of variables) {
    if (seen.has(name)) throw new Error(`variable "${name}" appears twice`);
    seen.add(name);
  }

  const limited = parts.filter((part) => part.prefix.some((n) => n > 0));

  return {
    template,
    variables,
    match(uri: string): Record<string, string> | null {
      const found = regex.exec(uri);
      if (found === null) return null;
      const result: Record<string, string> = {};
      let group = 1;
      for (const part of parts) {
        const raw = found[group++];
        if (raw === undefined) continue;
        assign(part, raw, result);
      }
      for (const part of limited) {
        for (let i = 0; i < part.names.length; i++) {
          const value = result[part.names[i]];
          // Expansion cuts a value to its prefix, so a longer one was not made from this template.
          if (part.prefix[i] > 0 && value !== undefined && [...value].length > part.prefix[i])
            return null;
        }
      }
      return result;
    },
  };
}

/** The regular expression for one expression: one capture group holding all of its values. */
function expressionPattern(operator: string, count: number): string {
  const simple = '[^/?#,&=]*';
  const reserved = '[^,]*';
  switch (operator) {
    // A lone variable must not be empty: `notes://{slug}` does not match `notes://`.
    case '':
      return count === 1 ? '([^/?#,&=]+)' : `(${simple}(?:,${simple}){0,${count - 1}})`;
    case '+':
      return `(${count === 1 ? '.+' : `${reserved}(?:,${reserved}){0,${count - 1}}`})`;
    case '#':
      return `(?:#(${count === 1 ? '.*' : `${reserved}(?:,${reserved}){0,${count - 1}}`}))?`;
    case '.':
      return `((?:\\.[^/?#.]*){0,${count}})`;
    case '/':
      return `((?:/[^/?#]*)*)`;
    case ';':
      return `((?:;[^/?#;]*)*)`;
    case '?':
      return `(?:\\?([^#]*))?`;
    default: // '&'
      return `((?:&[^#&]*)*)`;
  }
}

function assign(part: Part, raw: string, into: Record<string, string>): void {
  const { operator, names } = part;
  const reserved = operator === '+' || operator === '#';
  if (operator === '?' || operator === '&' || operator === ';') {
    const separator = operator === ';' ? ';' : '&';
    const pairs = (operator === '?' ? raw : raw.slice(1)).split(separator);
    for (const pair of pairs) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const key = decode(eq === -1 ? pair : pair.slice(0, eq), false);
      if (names.includes(key)) into[key] = decode(eq === -1 ? '' : pair.slice(eq + 1), false);
    }
    return;
  }
  let values: string[];
  if (operator === '.' || operator === '/') {
    values = raw.split(operator).slice(1);
    if (part.explode[0] && names.length === 1) {
      into[names[0]] = values.map((v) => decode(v, false)).join(',');
      return;
    }
  } else {
    values = names.length === 1 ? [raw] : raw.split(',');
  }
  names.forEach((name, i) => {
    if (values[i] !== undefined) into[name] = decode(values[i], reserved);
  });
}
