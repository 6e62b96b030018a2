import type { Awaitable, JsonObject, ResourceDefinition } from './types';

/** The Skills extension's identifier (SEP-2640), declared under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The `mimeType` of a directory resource (SEP-2640 Directory Listing). */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/** One file of a skill as `skills/list` lists it: its URI, `sha256:<hex>` over its raw bytes, its byte length. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

/**
 * One skill entry of `skills/list` and `skills/get` (SEP-2640): the URI of its `SKILL.md`, the
 * YAML frontmatter of that file as JSON, and every file of the skill (or `"dynamic"` when its
 * content is generated and no digest can be published).
 */
export interface SkillEntry {
  uri: string;
  frontmatter: JsonObject;
  resources: SkillResource[] | 'dynamic';
}

/** A page of a list: its items and, when more follow, the cursor of the next page. */
export interface SkillPage<T> {
  items: readonly T[];
  nextCursor?: string;
}

/**
 * What the core asks of the application for the Skills extension: `skills/list`, `skills/get`
 * and `resources/directory/read`. Unknown skills, cursors and directories throw a
 * `Fault(INVALID_PARAMS)`. The skill files themselves are ordinary resources (the `reader`).
 */
export interface SkillHost<C = unknown> {
  /** One page of the skills this context may see. */
  list(cursor: string | undefined, context: C): Awaitable<SkillPage<SkillEntry>>;
  /** The entry of the skill whose `SKILL.md` is `uri`, listed or not. */
  get(uri: string, context: C): Awaitable<SkillEntry>;
  /** One page of the direct children of the directory resource `uri`. */
  directory(
    uri: string,
    cursor: string | undefined,
    context: C,
  ): Awaitable<SkillPage<ResourceDefinition>>;
}
