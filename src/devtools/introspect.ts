/**
 * Read-only introspection of an application through its public surface: `describe()` (every
 * definition with its provider class, method, scopes and state) and its core's server info.
 */
import type { Mcp } from 'declarative-mcp';
import type { DefinitionKind } from '../../decorators';
import { parseUriTemplate } from '../registry';

/** What the devtools introspect: an `McpApplication`, or anything with the same `describe()` and `core`. */
export interface IntrospectableApplication {
  describe(): Mcp.DefinitionInfo[];
  readonly core: {
    readonly name: string;
    readonly version: string;
    readonly capabilities: Readonly<Mcp.JsonObject>;
    readonly instructions?: string | undefined;
  };
  /** How a framework hosts the application (e.g. the Nest module), as `describe_application` reports it. */
  readonly framework?: Readonly<Mcp.JsonObject>;
}

/** One definition as the devtools describe it: as listed, plus where it comes from. */
export type DescribedDefinition = Mcp.JsonObject & {
  provider: string;
  method: string;
  scopes: readonly string[];
  enabled: boolean;
};

const LISTS: Record<DefinitionKind | 'skill', string> = {
  skill: 'skills',
  tool: 'tools',
  resource: 'resources',
  template: 'resourceTemplates',
  prompt: 'prompts',
};

function described(info: Mcp.DefinitionInfo): DescribedDefinition {
  return {
    ...info.definition,
    provider: info.provider,
    method: info.method,
    scopes: info.scopes,
    enabled: info.enabled,
  };
}

/** The whole application: server info, transports, and every definition by kind. */
export function describeApplication(
  app: IntrospectableApplication,
  transports: readonly string[],
  note: string | undefined,
): Mcp.JsonObject {
  const infos = app.describe();
  const result: Mcp.JsonObject = {
    server: {
      name: app.core.name,
      version: app.core.version,
      capabilities: app.core.capabilities,
      instructions: app.core.instructions !== undefined,
    },
    transports: [...transports],
    providers: [...new Set(infos.map((info) => info.provider))],
  };
  if (app.framework !== undefined) result.framework = app.framework as Mcp.JsonObject;
  if (note !== undefined) result.note = note;
  for (const kind of ['tool', 'resource', 'template', 'prompt', 'skill'] as const) {
    result[LISTS[kind]] = infos.filter((info) => info.kind === kind).map(described);
  }
  return result;
}

/** The providers and the definitions each registers, by class name. */
export function providersOf(app: IntrospectableApplication): Map<string, Mcp.DefinitionInfo[]> {
  const providers = new Map<string, Mcp.DefinitionInfo[]>();
  for (const info of app.describe()) {
    const list = providers.get(info.provider) ?? [];
    list.push(info);
    providers.set(info.provider, list);
  }
  return providers;
}

/** One provider class: its decorated methods and what each registers. */
export function describeProvider(
  name: string,
  infos: readonly Mcp.DefinitionInfo[],
): Mcp.JsonObject {
  return {
    provider: name,
    methods: infos.map((info) => ({
      method: info.method,
      registers: info.kind,
      key: info.key,
      scopes: info.scopes,
      enabled: info.enabled,
      definition: info.definition,
    })),
  };
}

/**
 * The definitions named `key`: a tool or prompt name, a resource URI, a URI template, or a
 * concrete URI that one of the templates matches.
 */
export function findDefinitions(
  app: IntrospectableApplication,
  key: string,
): Array<{
  kind: DefinitionKind | 'skill';
  definition: DescribedDefinition;
  variables?: Mcp.JsonObject;
}> {
  const infos = app.describe();
  const exact = infos.filter((info) => info.key === key);
  if (exact.length > 0)
    return exact.map((info) => ({ kind: info.kind, definition: described(info) }));
  for (const info of infos) {
    if (info.kind !== 'template') continue;
    const variables = parseUriTemplate(info.key).match(key);
    if (variables)
      return [{ kind: 'template', definition: described(info), variables: { ...variables } }];
  }
  return [];
}
