import 'reflect-metadata';
import { IsString, MinLength } from 'class-validator';
import { Tool } from '../../decorators';
import { type JsonObject, ToolError } from '../core';
import { compileSchema, JSONSchema } from '../schema';
import {
  describeApplication,
  describeProvider,
  findDefinitions,
  type IntrospectableApplication,
  providersOf,
} from './introspect';
import type { DevtoolsState } from './state';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

/** The argument of describe_provider: a class-validator DTO, found from the parameter's type. */
export class ProviderName {
  @IsString()
  @MinLength(1)
  @JSONSchema({ description: 'The provider class name, e.g. WeatherTools.' })
  name!: string;
}

/** The argument of describe_definition. */
export class DefinitionName {
  @IsString()
  @MinLength(1)
  @JSONSchema({
    description:
      'A tool or prompt name, a resource URI, a URI template, or a URI one of the templates matches.',
  })
  name!: string;
}

/** The input of validate_schema, as a JSON Schema (sent to clients unchanged). */
const VALIDATE_INPUT = {
  type: 'object',
  properties: {
    value: { description: 'The value to check (any JSON).' },
    schema: {
      type: 'object',
      description: 'A JSON Schema (draft-07, 2019-09 or 2020-12) to check it against.',
    },
    tool: {
      type: 'string',
      description: "Or the name of a tool: check the value against that tool's input schema.",
    },
  },
  required: ['value'],
} as const;

/** `Known tools: a, b. Prompts: c. …`, for a name that matched nothing. */
function knownDefinitions(app: IntrospectableApplication): string {
  const infos = app.describe();
  const groups: Array<[string, string]> = [
    ['tool', 'Tools'],
    ['prompt', 'Prompts'],
    ['resource', 'Resources'],
    ['template', 'Resource templates'],
  ];
  const parts = groups
    .map(
      ([kind, label]) => [label, infos.filter((i) => i.kind === kind).map((i) => i.key)] as const,
    )
    .filter(([, keys]) => keys.length > 0)
    .map(([label, keys]) => `${label}: ${keys.join(', ')}.`);
  return parts.length > 0 ? `Known — ${parts.join(' ')}` : 'The application registers nothing.';
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * Read-only introspection of the application: what it registers, where each definition comes
 * from, and whether a value fits a schema. Nothing here runs the application's own methods.
 */
export class DevtoolsIntrospection {
  constructor(private readonly state: DevtoolsState) {}

  private app(): IntrospectableApplication {
    const app = this.state.application();
    if (app === undefined) {
      throw new ToolError(
        'No application to introspect: serve one with `declarative-mcp devtools dist/server.js`, or pass createDevtools({ app }).',
      );
    }
    return app;
  }

  @Tool({
    name: 'describe_application',
    title: 'Describe the application',
    description:
      "The application's tools, resources, resource templates and prompts, as clients list them (JSON Schemas included), each with the provider class and method behind it, its required scopes and whether it is enabled; plus the server info and the transports in use.",
    annotations: READ_ONLY,
  })
  describeApplication(): string {
    return json(describeApplication(this.app(), this.state.transports, this.state.note));
  }

  @Tool({
    name: 'describe_provider',
    title: 'Describe a provider class',
    description: 'One provider class: its decorated methods and what each registers.',
    annotations: READ_ONLY,
  })
  describeProvider(input: ProviderName): string {
    const providers = providersOf(this.app());
    const infos = providers.get(input.name);
    if (infos === undefined) {
      throw new ToolError(
        `No provider class "${input.name}". Known: ${[...providers.keys()].join(', ') || 'none'}.`,
      );
    }
    return json(describeProvider(input.name, infos));
  }

  @Tool({
    name: 'describe_definition',
    title: 'Describe one definition',
    description:
      'One tool or prompt (by name) or resource (by URI, URI template, or a URI a template matches): its definition as listed, provider class, method, scopes.',
    annotations: READ_ONLY,
  })
  describeDefinition(input: DefinitionName): string {
    const app = this.app();
    const found = findDefinitions(app, input.name);
    if (found.length === 0) {
      throw new ToolError(`Nothing is registered as "${input.name}". ${knownDefinitions(app)}`);
    }
    return json(found.length === 1 ? found[0] : found);
  }

  @Tool({
    name: 'validate_schema',
    title: 'Validate a value',
    description:
      "Checks a value against a JSON Schema ({ value, schema }) or against a tool's input schema ({ value, tool }): { valid, errors: [{ path, message }] }.",
    input: VALIDATE_INPUT,
    annotations: READ_ONLY,
  })
  validateSchema(args: { value: unknown; schema?: JsonObject; tool?: string }): string {
    const { value, tool } = args;
    let schema: unknown = args.schema;
    if ((schema === undefined) === (tool === undefined)) {
      throw new ToolError('Give exactly one of schema (a JSON Schema) and tool (a tool name).');
    }
    if (tool !== undefined) {
      const tools = this.app()
        .describe()
        .filter((info) => info.kind === 'tool');
      const found = tools.find((info) => info.key === tool);
      if (found === undefined) {
        throw new ToolError(
          `No tool "${tool}". Known: ${tools.map((info) => info.key).join(', ') || 'none'}.`,
        );
      }
      schema = found.definition.inputSchema;
    }
    let compiled: ReturnType<typeof compileSchema>;
    try {
      compiled = compileSchema(schema, { where: 'validate_schema', requireObject: false });
    } catch (error) {
      throw new ToolError(`The schema is not usable: ${(error as Error).message}`);
    }
    const checked = compiled.validate(value);
    return json(
      checked.ok ? { valid: true, errors: [] } : { valid: false, errors: checked.issues },
    );
  }
}
