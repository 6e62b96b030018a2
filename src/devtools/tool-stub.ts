/**
 * The tool generator: the methods of a provider class, one per tool, with their input types,
 * and a provider class holding one tool (`generate_tool_stub`). The provider generator renders
 * its tools here too.
 */
import {
  camel,
  declareInput,
  decorator,
  Imports,
  type InputStyle,
  indent,
  kebab,
  pascal,
  quote,
  signature,
} from './code';
import { assemble, checkedClass, checkToolName, fieldsOf, type Stub, StubError } from './stubs';

/** The caller-context type a tool taking `@Context()` names; written once per generated file. */
export const CONTEXT_TYPE = `/** What each call receives as context: serveStdio's \`context\` over stdio, the session (with its \`identity\`) over HTTP. */
export interface CallerContext {
  identity?: { id?: string; scopes?: string[] };
}`;

/** One tool of a generated class. */
export interface ToolSpec {
  name: string;
  description?: string;
  fields?: string;
  scopes?: string[];
  /** A long-running tool: `@Tool({ task })`, with the call's channel (docs/tasks.md). */
  task?: 'optional' | 'required';
}

/** How the tools of a generated class are written. */
export interface ToolStyle {
  input: InputStyle;
  context: boolean;
  call: boolean;
  /** The injected service's field, when the class has one. */
  service?: string;
}

export interface Rendered {
  declarations: string[];
  methods: string[];
  usesContext: boolean;
}

/** The tools of a class: their input declarations and methods, their imports added to `imports`. */
export function renderTools(
  specs: readonly ToolSpec[],
  style: ToolStyle,
  imports: Imports,
): Rendered {
  const rendered: Rendered = { declarations: [], methods: [], usesContext: false };
  const methods = new Set<string>();
  for (const spec of specs) {
    checkToolName(spec.name);
    const method = camel(spec.name);
    if (methods.has(method))
      throw new StubError(`Two tools would share the method name ${method}: rename one.`);
    methods.add(method);
    const fields = fieldsOf(spec.fields);
    imports.add('declarative-mcp', ['Tool']);
    const parameters: string[] = [];
    let input: ReturnType<typeof declareInput> | undefined;
    if (fields.length > 0) {
      input = declareInput(
        `${pascal(spec.name)}Input`,
        fields,
        style.input,
        imports,
        `The arguments of the tool "${spec.name}"`,
      );
      rendered.declarations.push(input.declaration);
      parameters.push(`input: ${input.type}`);
    }
    const body: string[] = [];
    const subject = input ? `${spec.name} with \${JSON.stringify(input)}` : spec.name;
    if (style.context) {
      imports.add('declarative-mcp', ['Context']);
      rendered.usesContext = true;
      parameters.push('@Context() context: CallerContext | undefined');
      body.push("const caller = context?.identity?.id ?? 'anonymous';");
    }
    if (style.call || spec.task !== undefined) {
      imports.add('declarative-mcp', ['Call']).add('declarative-mcp', ['McpCall'], true);
      parameters.push('@Call() call: McpCall');
      body.push(
        `// The call's channel: call.signal (cancellation), call.progress(), call.log(), call.elicit(), call.sample().`,
        `call.log('info', ${quote(`${spec.name} started`)});`,
      );
    }
    if (spec.task !== undefined) {
      body.push(
        '// A task (docs/tasks.md): the client polls tasks/get; call.progress() sets its statusMessage,',
        '// call.signal aborts on tasks/cancel, and an ask waits in input_required.',
        `call.progress(0, 1, ${quote(`${spec.name}: started`)});`,
        "if (call.signal.aborted) throw new ToolError('Cancelled before it began.');",
      );
      imports.add('declarative-mcp', ['ToolError']);
    }
    body.push(
      `// TODO: the tool's work. Throw new ToolError('…') (from 'declarative-mcp') for a failure the model should read.`,
    );
    // `${caller}` is text of the generated template literal, not a placeholder here.
    const who = style.context ? ` for \${caller}` : '';
    body.push(
      style.service !== undefined
        ? `return this.${style.service}.answer(\`${subject}${who}\`);`
        : `return \`${subject}${who}\`;`,
    );
    const options: Array<[string, string | undefined]> = [
      ['name', method === spec.name ? undefined : quote(spec.name)],
      ['description', quote(spec.description ?? `TODO: what ${spec.name} does, for the model.`)],
      ['input', input?.option],
      [
        'scopes',
        spec.scopes && spec.scopes.length > 0
          ? `[${spec.scopes.map(quote).join(', ')}]`
          : undefined,
      ],
      ['task', spec.task === undefined ? undefined : quote(spec.task)],
    ];
    rendered.methods.push(
      `${decorator('Tool', options)}\n${signature(method, parameters, 'string')} {\n${indent(body.join('\n'))}\n}`,
    );
  }
  return rendered;
}
/** Options of {@link toolStub}. */
export interface ToolStubRequest extends ToolSpec {
  input?: InputStyle;
  context?: boolean;
  call?: boolean;
  className?: string;
}

/** A provider class holding one tool. */
export function toolStub(request: ToolStubRequest): Stub {
  checkToolName(request.name);
  const className = request.className ?? `${pascal(request.name)}Tools`;
  const style: ToolStyle = {
    input: request.input ?? 'zod',
    context: request.context === true,
    call: request.call === true,
  };
  const imports = new Imports();
  const rendered = renderTools([request], style, imports);
  const code = assemble(
    imports,
    [rendered.usesContext ? CONTEXT_TYPE : undefined, ...rendered.declarations],
    checkedClass(className),
    rendered.methods,
  );
  return {
    file: `${kebab(className)}.ts`,
    code,
    summary: `The tool "${request.name}" (${style.input === 'zod' ? 'zod' : 'class-validator DTO'} input) on the provider class ${className}.`,
  };
}
