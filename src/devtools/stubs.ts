/**
 * The tool and provider generators, and what every generator shares: ready-to-paste TypeScript
 * that follows the framework's conventions, returned as text and never written anywhere. Every
 * stub is one self-contained file.
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
import { type Field, parseFields } from './field-spec';

/** A generated file: its suggested name, its source, and one line saying what it is. */
export interface Stub {
  file: string;
  code: string;
  summary: string;
}

/** MCP 2025-11-25 server/tools: 1–128 characters of A-Z a-z 0-9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** A stub request that cannot be met; its message says what to change. */
export class StubError extends Error {}

export function checkToolName(name: string): void {
  if (!TOOL_NAME.test(name)) {
    throw new StubError(
      `"${name}" is not a valid tool name: use 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and ".".`,
    );
  }
}

export function fieldsOf(spec: string | undefined): Field[] {
  try {
    return parseFields(spec);
  } catch (error) {
    throw new StubError((error as Error).message);
  }
}

const CONTEXT_TYPE = `/** What each call receives as context: serveStdio's \`context\` over stdio, the session (with its \`identity\`) over HTTP. */
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

interface Rendered {
  declarations: string[];
  methods: string[];
  usesContext: boolean;
}

function renderTools(specs: readonly ToolSpec[], style: ToolStyle, imports: Imports): Rendered {
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

export function assemble(
  imports: Imports,
  parts: Array<string | undefined>,
  className: string,
  members: string[],
): string {
  const classBody = members.join('\n\n');
  return [
    imports.render(),
    ...parts.filter((p): p is string => p !== undefined && p !== ''),
    `export class ${className} {\n${indent(classBody)}\n}`,
  ].join('\n\n');
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

export function checkedClass(name: string): string {
  if (!/^[A-Z][A-Za-z0-9_$]*$/.test(name)) {
    throw new StubError(`"${name}" is not a class name: use PascalCase, e.g. WeatherTools.`);
  }
  return name;
}

/** Options of {@link providerStub}. */
export interface ProviderStubRequest {
  /** The class name, e.g. `WeatherTools`. */
  name: string;
  tools?: ToolSpec[];
  input?: InputStyle;
  context?: boolean;
  call?: boolean;
  /** Inject a service (typedi's `@Service()` and `container: Container`; Nest's `@Injectable()` with `nest`). */
  service?: boolean;
  /**
   * The Nest form: `@Injectable()` classes and a Nest module importing
   * `DeclarativeMcpModule.forRoot` (from `declarative-mcp/nestjs`) instead of an exported `app`.
   */
  nest?: boolean;
}

/**
 * A provider class with its tools, optionally an injected typedi service, and the application
 * that serves it, exported as `app` (what `declarative-mcp serve <module>` looks for).
 */
export function providerStub(request: ProviderStubRequest): Stub {
  if (request.nest === true) return nestProviderStub(request);
  const className = checkedClass(request.name);
  const base = className.replace(/(Tools|Provider|Service)$/, '') || className;
  const tools = request.tools && request.tools.length > 0 ? request.tools : [{ name: camel(base) }];
  const imports = new Imports().add('declarative-mcp', ['McpApplication']);
  const service =
    request.service !== true
      ? undefined
      : `${base}Service` === className
        ? `${className}Backend`
        : `${base}Service`;
  const rendered = renderTools(
    tools,
    {
      input: request.input ?? 'zod',
      context: request.context === true,
      call: request.call === true,
      service: service === undefined ? undefined : 'service',
    },
    imports,
  );
  const parts: string[] = [];
  if (rendered.usesContext) parts.push(CONTEXT_TYPE);
  parts.push(...rendered.declarations);
  const members = [...rendered.methods];
  if (service !== undefined) {
    imports.add('typedi', ['Container', 'Service']);
    parts.push(
      `/** What the tools need (a repository, an API client…), injected by typedi. */\n@Service()\nexport class ${service} {\n  answer(text: string): string {\n    return text;\n  }\n}`,
    );
    members.unshift(`constructor(private readonly service: ${service}) {}`);
  }
  const decorated = service !== undefined ? '@Service()\n' : '';
  const app = [
    `/** The application: \`declarative-mcp serve dist/${kebab(className)}.js\` finds it as \`app\`. */`,
    'export const app = McpApplication.create({',
    `  name: ${quote(kebab(base) || 'server')},`,
    "  version: '0.1.0',",
    `  providers: [${className}],`,
    ...(service !== undefined ? ['  container: Container,'] : []),
    '});',
  ].join('\n');
  const code = `${assemble(imports, parts, className, members).replace(
    `export class ${className} {`,
    `${decorated}export class ${className} {`,
  )}\n\n${app}`;
  return {
    file: `${kebab(className)}.ts`,
    code,
    summary: `The provider class ${className} with ${tools.length} tool(s)${service ? `, the typedi service ${service}` : ''}, and the application exported as app.`,
  };
}

/** The Nest form of {@link providerStub}: Nest providers and the module that serves them. */
function nestProviderStub(request: ProviderStubRequest): Stub {
  const className = checkedClass(request.name);
  const base = className.replace(/(Tools|Provider|Service)$/, '') || className;
  const tools = request.tools && request.tools.length > 0 ? request.tools : [{ name: camel(base) }];
  const imports = new Imports()
    .add('@nestjs/common', ['Injectable', 'Module'])
    .add('declarative-mcp/nestjs', ['DeclarativeMcpModule']);
  const service =
    request.service !== true
      ? undefined
      : `${base}Service` === className
        ? `${className}Backend`
        : `${base}Service`;
  const moduleName = `${base}Module` === className ? `${className}Module` : `${base}Module`;
  const rendered = renderTools(
    tools,
    {
      input: request.input ?? 'zod',
      context: request.context === true,
      call: request.call === true,
      service: service === undefined ? undefined : 'service',
    },
    imports,
  );
  const parts: string[] = [];
  if (rendered.usesContext) parts.push(CONTEXT_TYPE);
  parts.push(...rendered.declarations);
  const members = [...rendered.methods];
  if (service !== undefined) {
    parts.push(
      `/** What the tools need (a repository, an API client…): a Nest provider, injected by Nest. */\n@Injectable()\nexport class ${service} {\n  answer(text: string): string {\n    return text;\n  }\n}`,
    );
    members.unshift(`constructor(private readonly service: ${service}) {}`);
  }
  const providers = [...(service !== undefined ? [service] : []), className].join(', ');
  const module = [
    `/**`,
    ` * The Nest module: DeclarativeMcpModule finds ${className} (and any other provider with @Tool`,
    ` * methods) and serves it at /mcp on the Nest application; \`declarative-mcp serve dist/${kebab(className)}.js\``,
    ` * runs it standalone over stdio.`,
    ` */`,
    '@Module({',
    `  imports: [DeclarativeMcpModule.forRoot({ name: ${quote(kebab(base) || 'server')}, version: '0.1.0' })],`,
    `  providers: [${providers}],`,
    '})',
    `export class ${checkedClass(moduleName)} {}`,
  ].join('\n');
  const code = `${assemble(imports, parts, className, members).replace(
    `export class ${className} {`,
    `@Injectable()\nexport class ${className} {`,
  )}\n\n${module}`;
  return {
    file: `${kebab(className)}.ts`,
    code,
    summary: `The Nest provider ${className} with ${tools.length} tool(s)${service ? `, the Nest service ${service}` : ''}, and the Nest module ${moduleName} that serves it with DeclarativeMcpModule.`,
  };
}
