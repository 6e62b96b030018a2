import 'reflect-metadata';
import { z } from 'zod';
import { Prompt, Resource } from '../../decorators';
import { fenced, pascal } from './code';
import { GUIDE_URI } from './documents';
import { splitTopLevel } from './field-spec';
import { providerStub } from './provider-stub';
import type { DevtoolsState } from './state';
import type { Stub } from './stubs';
import { type ToolSpec, toolStub } from './tool-stub';

/** The `## ` sections of the guide whose headings start with one of `headings`, in guide order. */
export function guideSections(guide: string, headings: readonly string[]): string {
  const sections = guide.split(/\n(?=## )/).slice(1);
  return sections
    .filter((section) => headings.some((h) => section.startsWith(`## ${h}`)))
    .map((section) => section.trim())
    .join('\n\n');
}

const ToolPromptArgs = z.object({
  name: z.string().describe('The tool name, e.g. forecast.'),
  spec: z
    .string()
    .optional()
    .describe('Its arguments, e.g. "city: string, days?: integer", or a short description.'),
});

const ProviderPromptArgs = z.object({
  name: z.string().describe('The provider class name, e.g. WeatherTools.'),
  spec: z
    .string()
    .optional()
    .describe('Its tools, e.g. "forecast(city: string, days?: integer), alerts(region: string)".'),
});

/** The tools of a `create_provider` spec: `forecast(city: string), alerts`, or undefined when it is prose. */
function toolsOf(spec: string | undefined): ToolSpec[] | undefined {
  if (spec === undefined || spec.trim() === '') return [];
  const tools: ToolSpec[] = [];
  for (const item of splitTopLevel(spec)) {
    const match = /^([A-Za-z0-9_.-]{1,128})\s*(?:\((.*)\))?$/s.exec(item);
    if (match === null) return undefined;
    tools.push({ name: match[1], fields: match[2] });
  }
  return tools;
}

/** A stub, or the stub without the parts the spec did not make clear (a prompt never fails on prose). */
function attempt(first: () => Stub, fallback: () => Stub): Stub {
  try {
    return first();
  } catch {
    return fallback();
  }
}

function toolName(name: string): string {
  return (
    name
      .trim()
      .replace(/[^A-Za-z0-9_.-]+/g, '_')
      .slice(0, 128) || 'my_tool'
  );
}

/**
 * The guide, in two of its three places (the third is `initialize`'s `instructions`): the
 * `declarative-mcp://guide` resource and the `explain_framework` prompt; plus the prompts that
 * scaffold a tool or a provider with the guide's rules inline.
 */
export class DevtoolsGuide {
  constructor(private readonly state: DevtoolsState) {}

  @Resource({
    uri: GUIDE_URI,
    name: 'guide',
    title: 'Coding with declarative-mcp',
    description:
      'The short guide: decorators, schemas, context, DI, errors, scopes, interceptors, transports, testing, sharp edges.',
    mimeType: 'text/markdown',
  })
  guide(): string {
    return this.state.documents.guide.text;
  }

  @Prompt({
    name: 'explain_framework',
    title: 'Explain declarative-mcp',
    description: 'The guide to writing MCP servers with declarative-mcp.',
  })
  explainFramework(): string {
    return this.state.documents.guide.text;
  }

  @Prompt({
    name: 'create_tool',
    title: 'Create a tool',
    description:
      'Write one MCP tool with declarative-mcp: the rules that apply, and a stub to start from.',
    args: ToolPromptArgs,
  })
  createTool({ name, spec }: z.infer<typeof ToolPromptArgs>): string {
    const tool = toolName(name);
    const stub = attempt(
      () => toolStub({ name: tool, fields: spec }),
      () => toolStub({ name: tool }),
    );
    const rules = guideSections(this.state.documents.guide.text, [
      'Decorators',
      'Schemas',
      '@Context()',
      'Errors',
      'Sharp edges',
    ]);
    return [
      `Write the MCP tool "${tool}" with declarative-mcp${spec ? `: ${spec}` : '.'}`,
      'Follow these rules (from the declarative-mcp guide):',
      rules,
      `Start from this stub (what generate_tool_stub returns; ${stub.summary}) and fill in its TODOs. Keep the input schema precise: the model reads it. Then write its test with the in-memory client (generate_test_stub).`,
      fenced(stub.code),
    ].join('\n\n');
  }

  @Prompt({
    name: 'create_provider',
    title: 'Create a provider',
    description:
      'Write a provider class (its tools, an injected service, the application) with declarative-mcp.',
    args: ProviderPromptArgs,
  })
  createProvider({ name, spec }: z.infer<typeof ProviderPromptArgs>): string {
    const pascalName = pascal(name);
    const className = /(Tools|Provider)$/.test(pascalName) ? pascalName : `${pascalName}Tools`;
    const tools = toolsOf(spec);
    const stub = attempt(
      () => providerStub({ name: className, tools, service: true }),
      () => providerStub({ name: className, service: true }),
    );
    const rules = guideSections(this.state.documents.guide.text, [
      'Decorators',
      'Schemas',
      'Dependency injection',
      'Errors',
      'Scopes',
      'Testing',
      'Sharp edges',
    ]);
    return [
      `Write the declarative-mcp provider class ${className}${spec ? `: ${spec}` : '.'}`,
      'Follow these rules (from the declarative-mcp guide):',
      rules,
      `Start from this stub (what generate_provider_stub returns; ${stub.summary}) and fill in its TODOs. Test each tool with the in-memory client (generate_test_stub).`,
      fenced(stub.code),
    ].join('\n\n');
  }
}
