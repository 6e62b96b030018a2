import type { DefinitionKind } from '../../decorators';
import { type Awaitable, ConfigurationError, type JsonObject } from '../core';
import type { Authorize } from './authorize';
import type { Entry, PromptEntry, ResourceEntry, TemplateEntry, ToolEntry } from './entries';

/** The list names of `notifications/…/list_changed`, by definition kind. */
export type ListName = 'tools' | 'resources' | 'prompts';

const LIST_OF: Record<DefinitionKind, ListName> = {
  tool: 'tools',
  resource: 'resources',
  template: 'resources',
  prompt: 'prompts',
};

/** The lists that change when these entries are turned on or off. */
export function listsOf(entries: readonly Entry[]): Set<ListName> {
  return new Set(entries.map((entry) => LIST_OF[entry.kind]));
}

/** What {@link McpApplication.describe} tells of one definition. */
export interface DefinitionInfo {
  /** A definition's kind, or `'skill'` (SEP-2640 skills; their `definition` is the SKILL.md resource with its `frontmatter`). */
  kind: DefinitionKind | 'skill';
  /** Tool/prompt name, resource URI or URI template; a skill's path. */
  key: string;
  /** As listed to clients. */
  definition: Readonly<JsonObject>;
  /** The provider class and method behind it. */
  provider: string;
  method: string;
  scopes: readonly string[];
  enabled: boolean;
}

/** Entries of one kind, the way each kind is looked up. */
interface ByKind {
  tool: ToolEntry;
  resource: ResourceEntry;
  template: TemplateEntry;
  prompt: PromptEntry;
}

/** The enabled entries of each kind, and what a list shows of them, rebuilt on every toggle. */
interface Shown {
  /** The enabled entries, in registration order. */
  readonly enabled: { readonly [K in DefinitionKind]: readonly ByKind[K][] };
  /** Their definitions, frozen: the list itself when nothing in it is scoped. */
  readonly definitions: Readonly<Record<DefinitionKind, readonly Readonly<JsonObject>[]>>;
  /** Whether any enabled entry of the kind has scopes (then each context sees its own list). */
  readonly guarded: Readonly<Record<DefinitionKind, boolean>>;
}

/**
 * Every tool, resource, template and prompt of an application: adds them (refusing duplicates),
 * finds one by name or URI, matches a URI against the templates, turns them on and off, says
 * what each context may see, and describes them. Knows nothing of the protocol.
 */
export class Catalog<C> {
  private readonly all: Entry[] = [];
  private readonly tools = new Map<string, ToolEntry>();
  private readonly prompts = new Map<string, PromptEntry>();
  private readonly resourcesByUri = new Map<string, ResourceEntry>();
  private readonly templates: TemplateEntry[] = [];
  /** Rebuilt on first use after an entry is added or toggled. */
  private shownCache: Shown | undefined;

  constructor(private readonly authorize: Authorize<C>) {}

  /** Adds an entry; a second one with the same kind and key is a {@link ConfigurationError}. */
  add(entry: Entry): void {
    const existing =
      entry.kind === 'tool'
        ? this.tools.get(entry.key)
        : entry.kind === 'prompt'
          ? this.prompts.get(entry.key)
          : entry.kind === 'resource'
            ? this.resourcesByUri.get(entry.key)
            : this.templates.find((t) => t.key === entry.key);
    if (existing !== undefined) {
      throw new ConfigurationError(
        `Duplicate ${entry.kind} "${entry.key}": ${existing.member.where} and ${entry.member.where} both register it. Give one of them another name${entry.kind === 'resource' ? ' (uri)' : ''}.`,
      );
    }
    if (entry.kind === 'tool') this.tools.set(entry.key, entry);
    else if (entry.kind === 'prompt') this.prompts.set(entry.key, entry);
    else if (entry.kind === 'resource') this.resourcesByUri.set(entry.key, entry);
    else this.templates.push(entry);
    this.all.push(entry);
    this.shownCache = undefined;
  }

  /** Every entry, in registration order. */
  get entries(): readonly Entry[] {
    return this.all;
  }

  /** Whether an entry of any kind has this key. */
  has(key: string): boolean {
    return this.all.some((entry) => entry.key === key);
  }

  /** Whether any entry matches `test`. */
  some(test: (entry: Entry) => boolean): boolean {
    return this.all.some(test);
  }

  /** How many entries of `kind` there are (enabled or not). */
  count(kind: DefinitionKind): number {
    return kind === 'tool'
      ? this.tools.size
      : kind === 'prompt'
        ? this.prompts.size
        : kind === 'resource'
          ? this.resourcesByUri.size
          : this.templates.length;
  }

  /** The enabled tool of this name. */
  tool(name: string): ToolEntry | undefined {
    const entry = this.tools.get(name);
    return entry?.enabled ? entry : undefined;
  }

  /** The enabled prompt of this name. */
  prompt(name: string): PromptEntry | undefined {
    const entry = this.prompts.get(name);
    return entry?.enabled ? entry : undefined;
  }

  /**
   * What `uri` reads: the enabled fixed resource of that URI, else the first enabled template
   * (in registration order) that matches it, with its variables.
   */
  resolve(
    uri: string,
  ):
    | { entry: ResourceEntry; variables: undefined }
    | { entry: TemplateEntry; variables: Record<string, string> }
    | undefined {
    const fixed = this.resourcesByUri.get(uri);
    if (fixed?.enabled) return { entry: fixed, variables: undefined };
    for (const template of this.shown.enabled.template) {
      const variables = template.template.match(uri);
      if (variables !== null) return { entry: template, variables };
    }
    return undefined;
  }

  /** The enabled fixed resource or template whose URI (or URI template) is `uri`, for completion. */
  resourceOrTemplate(uri: string): ResourceEntry | TemplateEntry | undefined {
    const fixed = this.resourcesByUri.get(uri);
    if (fixed?.enabled) return fixed;
    return this.shown.enabled.template.find((t) => t.key === uri);
  }

  /**
   * The entry a request is about, enabled or not: a tool or prompt by name, a resource by URI
   * (its fixed resource, else the first template matching it). For naming it in error reports.
   */
  about(kind: 'tool' | 'prompt' | 'resource', key: string): Entry | undefined {
    if (kind === 'tool') return this.tools.get(key);
    if (kind === 'prompt') return this.prompts.get(key);
    return (
      this.resourcesByUri.get(key) ?? this.templates.find((t) => t.template.match(key) !== null)
    );
  }

  /** Whether `context` may use `entry` (an entry without scopes: anyone). */
  async allowed(entry: Entry, context: C): Promise<boolean> {
    return entry.scopes === undefined || (await this.authorize(entry.scopes, context)) === true;
  }

  /**
   * The definitions of `kind` this context may see: the frozen list itself, not a promise, when
   * nothing in it is scoped (a 2026-07-28 tools/call reads it for its `Mcp-Param` headers).
   */
  visible(kind: DefinitionKind, context: C): Awaitable<readonly Readonly<JsonObject>[]> {
    const shown = this.shown;
    return shown.guarded[kind]
      ? this.allowedOf(shown.enabled[kind], context)
      : shown.definitions[kind];
  }

  private async allowedOf(entries: readonly Entry[], context: C): Promise<Readonly<JsonObject>[]> {
    const list: Readonly<JsonObject>[] = [];
    for (const entry of entries)
      if (entry.listed && (await this.allowed(entry, context))) list.push(entry.definition);
    return list;
  }

  /**
   * Turns the entries of this key (and kind, when given) on or off; returns those that changed.
   * No entry of that key is a {@link ConfigurationError}.
   */
  toggle(key: string, kind: DefinitionKind | undefined, enabled: boolean): Entry[] {
    const matches = this.all.filter(
      (entry) => entry.key === key && (kind === undefined || entry.kind === kind),
    );
    if (matches.length === 0) {
      throw new ConfigurationError(
        `No ${kind ?? 'tool, resource or prompt'} "${key}" to ${enabled ? 'enable' : 'disable'}.`,
      );
    }
    const changed = matches.filter((entry) => entry.enabled !== enabled);
    for (const entry of changed) entry.enabled = enabled;
    if (changed.length > 0) this.shownCache = undefined;
    return changed;
  }

  /**
   * Applies a state recorded in a state adapter (`kind:key`, see `McpApplication.bindState`):
   * an unknown key is ignored (another process may serve other providers).
   */
  applyShared(recorded: string, enabled: boolean): void {
    const at = recorded.indexOf(':');
    const kind = recorded.slice(0, at);
    const key = recorded.slice(at + 1);
    for (const entry of this.all) {
      if (entry.kind === kind && entry.key === key && entry.enabled !== enabled) {
        entry.enabled = enabled;
        this.shownCache = undefined;
      }
    }
  }

  /** Every definition with its provider, method, scopes and state, for introspection. */
  describe(): DefinitionInfo[] {
    return this.all.map((entry) => ({
      kind: entry.kind,
      key: entry.key,
      definition: entry.definition,
      provider: entry.member.provider.name,
      method: entry.member.record.method,
      scopes: entry.scopes ?? [],
      enabled: entry.enabled,
    }));
  }

  private get shown(): Shown {
    this.shownCache ??= Catalog.show(this.all);
    return this.shownCache;
  }

  private static show(entries: readonly Entry[]): Shown {
    const enabled = { tool: [], resource: [], template: [], prompt: [] } as {
      [K in DefinitionKind]: ByKind[K][];
    };
    for (const entry of entries) {
      if (entry.enabled) (enabled[entry.kind] as Entry[]).push(entry);
    }
    const kinds = ['tool', 'resource', 'template', 'prompt'] as const;
    const definitions = {} as Record<DefinitionKind, readonly Readonly<JsonObject>[]>;
    const guarded = {} as Record<DefinitionKind, boolean>;
    for (const kind of kinds) {
      const list: readonly Entry[] = enabled[kind];
      // `listed: false` (a fixed resource such as an MCP Apps view) is readable, not listed.
      definitions[kind] = Object.freeze(
        list.filter((entry) => entry.listed).map((entry) => entry.definition),
      );
      guarded[kind] = list.some((entry) => entry.scopes !== undefined);
    }
    return { enabled, definitions, guarded };
  }
}
