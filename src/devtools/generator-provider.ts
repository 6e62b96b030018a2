import 'reflect-metadata';
import { z } from 'zod';
import { Tool } from '../../decorators';
import { ToolError } from '../core';
import { appStub } from './app-stub';
import { fenced, pascal } from './code';
import { hasJest, providerImport } from './module-path';
import { promptStub } from './prompt-stub';
import { providerStub } from './provider-stub';
import { resourceStub } from './resource-stub';
import type { DevtoolsState } from './state';
import { type Stub, StubError } from './stubs';
import { testStub } from './test-stub';
import { toolStub } from './tool-stub';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

const FIELDS =
  'The input fields, e.g. "city: string, days?: integer, units: metric|imperial, tags: string[]" (name? is optional; types: string, number, integer, boolean, a|b|c, any of them followed by []).';
const input = z
  .enum(['zod', 'dto'])
  .default('zod')
  .describe(
    'zod: a zod object schema; dto: a class-validator class, found from the parameter type.',
  );

const ToolArgs = z.object({
  name: z.string().describe('The tool name, e.g. forecast.'),
  description: z.string().optional().describe('What the tool does, for the model.'),
  fields: z.string().optional().describe(FIELDS),
  input,
  context: z.boolean().default(false).describe('Take the call context with @Context().'),
  call: z
    .boolean()
    .default(false)
    .describe("Take the call's channel (progress, log, signal) with @Call()."),
  scopes: z.array(z.string()).optional().describe('Scopes a caller must hold.'),
  task: z
    .enum(['optional', 'required'])
    .optional()
    .describe(
      'A long-running tool that runs as a task (@Tool({ task })): optional (the client chooses) or required. See docs/tasks.md.',
    ),
  className: z.string().optional().describe('The provider class (default: <Name>Tools).'),
});

const ToolEntry = z.union([
  z.string(),
  z.object({
    name: z.string(),
    description: z.string().optional(),
    fields: z.string().optional().describe(FIELDS),
    scopes: z.array(z.string()).optional(),
  }),
]);

const ProviderArgs = z.object({
  name: z.string().describe('The class name, e.g. WeatherTools.'),
  tools: z
    .array(ToolEntry)
    .optional()
    .describe('Its tools: names, or { name, description?, fields?, scopes? }.'),
  input,
  context: z.boolean().default(false).describe('Tools take the call context with @Context().'),
  call: z.boolean().default(false).describe("Tools take the call's channel with @Call()."),
  service: z
    .boolean()
    .default(false)
    .describe(
      'Inject a service with typedi (@Service(), container: Container), or with Nest when nest is true.',
    ),
  nest: z
    .boolean()
    .default(false)
    .describe(
      'The NestJS form: @Injectable() providers and a Nest module importing DeclarativeMcpModule.forRoot (declarative-mcp/nestjs) instead of an exported app.',
    ),
});

const ResourceArgs = z.object({
  uri: z.string().optional().describe('A fixed resource URI, e.g. notes://index.'),
  uriTemplate: z.string().optional().describe('Or an RFC 6570 template, e.g. notes://{slug}.'),
  name: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional().describe('Default text/plain.'),
  input: input.describe('How template variables are checked: zod or a class-validator class.'),
  className: z.string().optional(),
});

const AppArgs = z.object({
  name: z.string().describe('The tool name, e.g. show_chart.'),
  description: z.string().optional().describe('What the tool does, for the model.'),
  fields: z.string().optional().describe(FIELDS),
  input,
  uri: z
    .string()
    .optional()
    .describe("The view's ui:// URI (default ui://<class-in-kebab-case>/<tool-in-kebab-case>)."),
  className: z.string().optional().describe('The provider class (default: <Name>App).'),
});

const PromptArgs = z.object({
  name: z.string().describe('The prompt name, e.g. summarize.'),
  description: z.string().optional(),
  fields: z
    .string()
    .optional()
    .describe('Its arguments, e.g. "topic, tone?" (prompt arguments are strings).'),
  input,
  className: z.string().optional(),
});

const TestArgs = z.object({
  tool: z.string().describe('The tool to test.'),
  provider: z
    .string()
    .optional()
    .describe("Its provider class (default: the introspected application's, else <Tool>Tools)."),
  module: z
    .string()
    .optional()
    .describe(
      'Where the test imports the provider from (default: beside the module of the introspected application that exports it, e.g. ./server; else ./<provider-in-kebab-case>).',
    ),
  runner: z
    .enum(['jest', 'node:test'])
    .optional()
    .describe(
      "The test runner: jest, or node's own node:test (tsc, then node --test dist/). Default: jest when the introspected application's project has it installed, else node:test; jest without an application.",
    ),
  fields: z
    .string()
    .optional()
    .describe(`When the tool is not in the introspected application: ${FIELDS}`),
  args: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Arguments for the passing call (default: a sample of its schema).'),
  container: z.boolean().default(false).describe("Resolve the provider from typedi's Container."),
  nest: z
    .boolean()
    .optional()
    .describe(
      'The NestJS form: the test boots a Nest testing module (@nestjs/testing) and drives the McpApplication that DeclarativeMcpModule built (default: true when the introspected application is a Nest one).',
    ),
  nestModule: z
    .string()
    .optional()
    .describe(
      'With nest: your Nest module (imported from module) that provides the provider and imports DeclarativeMcpModule; without it the test imports DeclarativeMcpModule.forRoot and provides the provider alone.',
    ),
});

function answer(make: () => Stub, next?: string): string {
  let stub: Stub;
  try {
    stub = make();
  } catch (error) {
    if (error instanceof StubError) throw new ToolError(error.message);
    throw error;
  }
  return [`${stub.summary} Save it as \`${stub.file}\`.`, fenced(stub.code), next]
    .filter((part) => part !== undefined)
    .join('\n\n');
}

/** The stub generators: TypeScript to paste, returned as text; nothing is written anywhere. */
export class DevtoolsGenerators {
  constructor(private readonly state: DevtoolsState) {}

  @Tool({
    name: 'generate_provider_stub',
    title: 'Generate a provider',
    description:
      'A provider class with its tools (zod or DTO inputs, @Context() and @Call() when asked), an optional typedi service, and the application exported as app; or, with nest: true, Nest providers and a Nest module importing DeclarativeMcpModule. Returns TypeScript in a ```ts block.',
    input: ProviderArgs,
    annotations: READ_ONLY,
  })
  generateProviderStub(args: z.infer<typeof ProviderArgs>): string {
    const tools = args.tools?.map((tool) => (typeof tool === 'string' ? { name: tool } : tool));
    return answer(
      () => providerStub({ ...args, tools }),
      args.nest
        ? 'Import the module into your AppModule (or bootstrap it with NestFactory.create); for stdio, serveStdio(context.get(McpApplication)) on NestFactory.createApplicationContext, or `declarative-mcp serve` on the compiled file. See docs/nestjs.md.'
        : 'Serve it with serveStdio(app), or `declarative-mcp serve` on the compiled file. Test each tool with generate_test_stub.',
    );
  }

  @Tool({
    name: 'generate_tool_stub',
    title: 'Generate a tool',
    description:
      'One tool on a provider class: its input as a zod schema or a class-validator DTO, @Context() and @Call() when asked. Returns TypeScript in a ```ts block.',
    input: ToolArgs,
    annotations: READ_ONLY,
  })
  generateToolStub(args: z.infer<typeof ToolArgs>): string {
    const className = args.className ?? `${pascal(args.name)}Tools`;
    return answer(
      () => toolStub(args),
      `Add ${className} to the providers of McpApplication.create, then test it: generate_test_stub { "tool": "${args.name}", "provider": "${className}" }.`,
    );
  }

  @Tool({
    name: 'generate_resource_stub',
    title: 'Generate a resource',
    description:
      'A fixed resource (uri) or a resource template (uriTemplate, its variables checked by zod or a DTO) on a provider class. Returns TypeScript in a ```ts block.',
    input: ResourceArgs,
    annotations: READ_ONLY,
  })
  generateResourceStub(args: z.infer<typeof ResourceArgs>): string {
    return answer(() => resourceStub(args));
  }

  @Tool({
    name: 'generate_app_stub',
    title: 'Generate an MCP Apps tool',
    description:
      'A tool with an interactive view (MCP Apps): the tool (ui: its ui:// view, text content plus structuredContent) and the view resource returning a self-contained HTML document that receives the result from the host. Returns TypeScript in a ```ts block.',
    input: AppArgs,
    annotations: READ_ONLY,
  })
  generateAppStub(args: z.infer<typeof AppArgs>): string {
    const className = args.className ?? `${pascal(args.name)}App`;
    return answer(
      () => appStub(args),
      `Add ${className} to the providers of McpApplication.create. The view gets the result from hosts that support MCP Apps; see declarative-mcp://docs/apps.md.`,
    );
  }

  @Tool({
    name: 'generate_prompt_stub',
    title: 'Generate a prompt',
    description:
      'A prompt on a provider class, its arguments as a zod schema or a DTO. Returns TypeScript in a ```ts block.',
    input: PromptArgs,
    annotations: READ_ONLY,
  })
  generatePromptStub(args: z.infer<typeof PromptArgs>): string {
    return answer(() => promptStub(args));
  }

  @Tool({
    name: 'generate_test_stub',
    title: 'Generate a test',
    description:
      "A jest or node:test test that drives one tool through the in-memory client (connect from declarative-mcp/testing): it is listed, answers valid arguments, and refuses invalid ones with isError. Uses the introspected application's schema and scopes when it has the tool. With nest: true, the application comes from a Nest testing module (@nestjs/testing). Returns TypeScript in a ```ts block.",
    input: TestArgs,
    annotations: READ_ONLY,
  })
  generateTestStub(args: z.infer<typeof TestArgs>): string {
    const application = this.state.application();
    const known = application
      ?.describe()
      .find((info) => info.kind === 'tool' && info.key === args.tool);
    if (known === undefined && !/^[A-Za-z0-9_.-]{1,128}$/.test(args.tool)) {
      throw new ToolError(`"${args.tool}" is not a valid tool name.`);
    }
    const provider = args.provider ?? known?.provider ?? `${pascal(args.tool)}Tools`;
    return answer(() =>
      testStub({
        tool: args.tool,
        provider,
        module: args.module ?? providerImport(provider, this.state.module),
        runner:
          args.runner ??
          (this.state.module === undefined || hasJest(this.state.module) ? 'jest' : 'node:test'),
        inputSchema:
          known !== undefined && args.fields === undefined
            ? (known.definition.inputSchema as Record<string, unknown>)
            : undefined,
        fields: args.fields,
        args: args.args,
        scopes: known?.scopes,
        container: args.container,
        nest:
          args.nest ?? (args.nestModule !== undefined || application?.framework?.name === 'nestjs'),
        nestModule: args.nestModule,
      }),
    );
  }
}
