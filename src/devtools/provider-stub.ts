/**
 * The provider generator (`generate_provider_stub`): a provider class with its tools, optionally
 * an injected service, and what serves it: an application exported as `app`, or in the Nest form
 * a Nest module importing `DeclarativeMcpModule.forRoot`.
 */
import { camel, Imports, type InputStyle, kebab, quote } from './code';
import { assemble, checkedClass, type Stub } from './stubs';
import { CONTEXT_TYPE, renderTools, type ToolSpec } from './tool-stub';

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
  const imports = new Imports().add('declarative-mcp', ['McpApplication']);
  const { base, tools, service, parts, members } = providerClass(request, className, imports);
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
  const imports = new Imports()
    .add('@nestjs/common', ['Injectable', 'Module'])
    .add('declarative-mcp/nestjs', ['DeclarativeMcpModule']);
  const { base, tools, service, parts, members } = providerClass(request, className, imports);
  const moduleName = `${base}Module` === className ? `${className}Module` : `${base}Module`;
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

/** What both forms of a provider share: its tools rendered, and its service's name when it has one. */
interface ProviderClass {
  /** The class name without its Tools/Provider/Service suffix. */
  base: string;
  tools: ToolSpec[];
  service: string | undefined;
  /** The declarations before the class. */
  parts: string[];
  members: string[];
}

function providerClass(
  request: ProviderStubRequest,
  className: string,
  imports: Imports,
): ProviderClass {
  const base = className.replace(/(Tools|Provider|Service)$/, '') || className;
  const tools = request.tools && request.tools.length > 0 ? request.tools : [{ name: camel(base) }];
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
  return { base, tools, service, parts, members: [...rendered.methods] };
}
