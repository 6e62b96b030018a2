import {
  ConfigurationError,
  DIRECTORY_MIME_TYPE,
  ErrorCode,
  Fault,
  invalidParams,
  type ResourceContents,
  type ResourceDefinition,
  type SkillEntry,
  type SkillHost,
  type SkillPage,
} from '../../core';
import type { Authorize } from '../authorize';
import type { DefinitionInfo } from '../catalog';
import { contentsOf } from './files';
import { SKILL_NAME } from './frontmatter';
import { fileUri, skillRoot } from './snapshot';
import type { SkillContent } from './sources';

/** One skill of an application: its path, who may see it, whether it is on, and its content. */
export interface ServedSkill<C> {
  /** `acme/billing/refunds`: the prefix, then the name. */
  readonly path: string;
  readonly scopes: readonly string[] | undefined;
  enabled: boolean;
  /** What declared it, for describe(): a provider class, or the `skills` option. */
  readonly provider: string;
  /** The folder, or how its files are made. */
  readonly origin: string;
  readonly content: SkillContent<C>;
}

const SEGMENT = /^[A-Za-z0-9._~-]+$/;

function unknown(what: string, uri: string): Fault {
  return invalidParams(what, { uri });
}

/** Reads a page cursor: the offset of the page's first item, as the previous page wrote it. */
function offsetOf(cursor: string | undefined, size: number): number {
  if (cursor === undefined) return 0;
  const start = /^(0|[1-9][0-9]{0,9})$/.test(cursor) ? Number(cursor) : -1;
  if (start < 0 || start > size) {
    throw invalidParams('unknown cursor');
  }
  return start;
}

function page<T>(items: readonly T[], cursor: string | undefined, pageSize: number): SkillPage<T> {
  const start = offsetOf(cursor, items.length);
  const end = start + pageSize;
  return end < items.length
    ? { items: items.slice(start, end), nextCursor: String(end) }
    : { items: items.slice(start) };
}

/**
 * The skills of an application (SEP-2640): lists and gets their entries, reads their folders and
 * files, turns them on and off, and says what each context may see. Entries are whole on every
 * page: a page holds `pageSize` skills.
 */
export class SkillSet<C> implements SkillHost<C> {
  private readonly byPath = new Map<string, ServedSkill<C>>();
  private readonly byUri = new Map<string, ServedSkill<C>>();

  constructor(
    private readonly all: ReadonlyArray<ServedSkill<C>>,
    private readonly authorize: Authorize<C>,
    private readonly pageSize: number,
  ) {
    for (const skill of all) {
      const where = `${skill.provider} (${skill.origin})`;
      const segments = skill.path.split('/');
      if (segments.some((segment) => !SEGMENT.test(segment))) {
        throw new ConfigurationError(
          `Skill ${where}: path "${skill.path}" has a segment that is not a plain URI segment. Use letters, digits, ".", "_", "~" and "-" in "prefix".`,
        );
      }
      if (!SKILL_NAME.test(segments[segments.length - 1])) {
        throw new ConfigurationError(
          `Skill ${where}: "${skill.path}" does not end in a skill name.`,
        );
      }
      const other = this.byPath.get(skill.path);
      if (other !== undefined) {
        throw new ConfigurationError(
          `Duplicate skill "${skill.path}": ${other.provider} (${other.origin}) and ${where} both serve it. Give one of them a "prefix".`,
        );
      }
      this.byPath.set(skill.path, skill);
      this.byUri.set(fileUri(skill.path, 'SKILL.md'), skill);
    }
    if (!Number.isInteger(pageSize) || pageSize < 1) {
      throw new ConfigurationError(
        `McpApplication.create: "skillPageSize" must be a whole number, 1 or more (got ${String(pageSize)}).`,
      );
    }
  }

  get size(): number {
    return this.all.length;
  }

  /** Whether any skill has scopes (lists then differ by caller). */
  get scoped(): boolean {
    return this.all.some((skill) => skill.scopes !== undefined);
  }

  /** Whether any skill starts disabled. */
  get someDisabled(): boolean {
    return this.all.some((skill) => !skill.enabled);
  }

  private async visible(context: C): Promise<ServedSkill<C>[]> {
    const shown: ServedSkill<C>[] = [];
    for (const skill of this.all) if (await this.allowed(skill, context)) shown.push(skill);
    return shown;
  }

  private async allowed(skill: ServedSkill<C>, context: C): Promise<boolean> {
    return (
      skill.enabled &&
      (skill.scopes === undefined || (await this.authorize(skill.scopes, context)) === true)
    );
  }

  async list(cursor: string | undefined, context: C): Promise<SkillPage<SkillEntry>> {
    const shown = await this.visible(context);
    const { items, nextCursor } = page(shown, cursor, this.pageSize);
    const entries = items.map((skill) => skill.content.snapshot().entry);
    return nextCursor === undefined ? { items: entries } : { items: entries, nextCursor };
  }

  async get(uri: string, context: C): Promise<SkillEntry> {
    const skill = this.byUri.get(uri);
    if (skill === undefined || !(await this.allowed(skill, context))) {
      throw unknown(`skills/get: no skill has the SKILL.md ${uri}`, uri);
    }
    return skill.content.snapshot().entry;
  }

  /** The `SKILL.md` of each skill this context may see, as `resources/list` shows them. */
  async resources(context: C): Promise<ResourceDefinition[]> {
    return (await this.visible(context)).map((skill) => skill.content.snapshot().definition);
  }

  async directory(
    uri: string,
    cursor: string | undefined,
    context: C,
  ): Promise<SkillPage<ResourceDefinition>> {
    for (const skill of await this.owners(uri, context)) {
      const children = skill.content.snapshot().directories.get(uri);
      if (children !== undefined) return page(children, cursor, this.pageSize);
    }
    // Above the skills: the folders of the prefixes (skill://acme, skill://acme/billing).
    const names = new Set<string>();
    for (const skill of await this.visible(context)) {
      const root = skillRoot(skill.path);
      if (root.startsWith(`${uri}/`)) names.add(root.slice(uri.length + 1).split('/')[0]);
    }
    if (names.size === 0) {
      throw unknown(`resources/directory/read: ${uri} is not a directory this server serves`, uri);
    }
    const children = [...names].sort().map((name) => ({
      uri: `${uri}/${name}`,
      name,
      mimeType: DIRECTORY_MIME_TYPE,
    }));
    return page(children, cursor, this.pageSize);
  }

  /**
   * The contents of a skill file this context may read; undefined when `uri` is in no skill's
   * folder (another resource may have it); not found when it is in one but is not a file of it.
   */
  async read(uri: string, context: C): Promise<ResourceContents[] | undefined> {
    if (!uri.startsWith('skill://')) return undefined;
    const owners = await this.owners(uri, context);
    if (owners.length === 0) return undefined;
    for (const skill of owners) {
      const file = skill.content.snapshot().files.get(uri);
      if (file === undefined) continue;
      let data: string | Uint8Array;
      try {
        data = await skill.content.content(file, context);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
        throw error;
      }
      return [contentsOf(uri, file.mimeType, data)];
    }
    throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
  }

  /** The visible skills whose folder holds `uri` (or is it), deepest first (nested skills). */
  private async owners(uri: string, context: C): Promise<ServedSkill<C>[]> {
    const found: ServedSkill<C>[] = [];
    for (const skill of this.all) {
      const root = skillRoot(skill.path);
      if ((uri === root || uri.startsWith(`${root}/`)) && (await this.allowed(skill, context))) {
        found.push(skill);
      }
    }
    return found.sort((a, b) => b.path.length - a.path.length);
  }

  /** Whether a skill has this path. */
  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** Turns the skill at `path` on or off; returns whether it changed. Unknown: ConfigurationError. */
  toggle(path: string, enabled: boolean): boolean {
    const skill = this.byPath.get(path);
    if (skill === undefined) {
      throw new ConfigurationError(
        `No skill "${path}" to ${enabled ? 'enable' : 'disable'} (a skill is named by its path, e.g. 'acme/billing/refunds').`,
      );
    }
    if (skill.enabled === enabled) return false;
    skill.enabled = enabled;
    return true;
  }

  /** Applies a state another process recorded; an unknown path is ignored. */
  applyShared(path: string, enabled: boolean): void {
    const skill = this.byPath.get(path);
    if (skill !== undefined) skill.enabled = enabled;
  }

  describe(): DefinitionInfo[] {
    return this.all.map((skill) => {
      const { entry, definition } = skill.content.snapshot();
      return {
        kind: 'skill' as const,
        key: skill.path,
        definition: {
          ...definition,
          frontmatter: entry.frontmatter,
          files: entry.resources === 'dynamic' ? 'dynamic' : entry.resources.length,
        },
        provider: skill.provider,
        method: skill.origin,
        scopes: skill.scopes ?? [],
        enabled: skill.enabled,
      };
    });
  }
}
