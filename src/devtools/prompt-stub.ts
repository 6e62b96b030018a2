/**
 * The prompt generator: one prompt on a provider class, its arguments as zod or a DTO.
 */
import {
  camel,
  declareInput,
  decorator,
  Imports,
  type InputStyle,
  indent,
  kebab,
  member,
  pascal,
  quote,
  signature,
} from './code';
import type { Field } from './field-spec';
import { assemble, checkedClass, fieldsOf, type Stub, StubError } from './stubs';

/** Options of {@link promptStub}. `fields` are the prompt's arguments (strings, as MCP has them). */
export interface PromptStubRequest {
  name: string;
  description?: string;
  fields?: string;
  input?: InputStyle;
  className?: string;
}

/** A provider class holding one prompt. */
export function promptStub(request: PromptStubRequest): Stub {
  if (!/^[A-Za-z0-9_.-]{1,128}$/.test(request.name)) {
    throw new StubError(
      `"${request.name}" is not a usable prompt name: use letters, digits, "_", "-" and ".".`,
    );
  }
  // MCP prompt arguments are strings: every field is one (a word list stays a word list).
  const fields = fieldsOf(request.fields).map(
    (f): Field => ({ ...f, type: 'string', array: false }),
  );
  const method = camel(request.name);
  const className = checkedClass(request.className ?? `${pascal(request.name)}Prompts`);
  const imports = new Imports().add('declarative-mcp', ['Prompt']);
  const declarations: string[] = [];
  let parameter = '';
  let args: string | undefined;
  let shown = '';
  if (fields.length > 0) {
    const input = declareInput(
      `${pascal(request.name)}Args`,
      fields,
      request.input ?? 'zod',
      imports,
      `The arguments of the prompt "${request.name}"`,
    );
    declarations.push(input.declaration);
    parameter = `args: ${input.type}`;
    args = input.option;
    shown = ` ${fields.map((f) => `${f.name}: \${${member('args', f.name)}${f.optional ? " ?? '(none)'" : ''}}`).join(', ')}`;
  }
  const options: Array<[string, string | undefined]> = [
    ['name', method === request.name ? undefined : quote(request.name)],
    ['description', quote(request.description ?? `TODO: what ${request.name} asks for.`)],
    ['args', args],
  ];
  const body = [
    '// A string is one user message; return a list of messages, or { messages }, for more.',
    `return \`TODO: the prompt text.${shown}\`;`,
  ].join('\n');
  const code = assemble(imports, declarations, className, [
    `${decorator('Prompt', options)}\n${signature(method, parameter ? [parameter] : [], 'string')} {\n${indent(body)}\n}`,
  ]);
  return {
    file: `${kebab(className)}.ts`,
    code,
    summary: `The prompt "${request.name}" on the provider class ${className}.`,
  };
}
