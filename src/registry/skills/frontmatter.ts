import { ConfigurationError, type JsonObject } from '../../core';

/** The Agent Skills naming rule: 1–64 of a-z 0-9 and '-', no leading, trailing or double '-'. */
export const SKILL_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

type Yaml = typeof import('yaml');
// Loaded on first use: an application without skills never reads YAML.
const yaml = (): Yaml => require('yaml') as Yaml;

/** The frontmatter block of a `SKILL.md` (after a BOM), or undefined when it has none. */
export function frontmatterBlock(text: string): string | undefined {
  const match = BLOCK.exec(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  return match?.[1];
}

/**
 * The YAML frontmatter of a `SKILL.md` as JSON (SEP-2640: verbatim, every field the author
 * wrote), checked against the Agent Skills specification: an object with a `name` that follows
 * the naming rule and a non-empty `description`. `where` names the file in the error.
 */
export function readFrontmatter(text: string, where: string): JsonObject {
  const block = frontmatterBlock(text);
  if (block === undefined) {
    throw new ConfigurationError(
      `Skill ${where}: SKILL.md must begin with YAML frontmatter between "---" lines, holding at least "name" and "description".`,
    );
  }
  let value: unknown;
  try {
    // YAML 1.2 core schema: no timestamps or other non-JSON values; the result is plain JSON.
    value = yaml().parse(block, { schema: 'core', uniqueKeys: true });
  } catch (error) {
    throw new ConfigurationError(
      `Skill ${where}: the frontmatter is not valid YAML (${(error as Error).message.split('\n')[0]}). Fix the YAML between the "---" lines.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigurationError(
      `Skill ${where}: the frontmatter must be a YAML mapping (name: …, description: …).`,
    );
  }
  const frontmatter = JSON.parse(JSON.stringify(value)) as JsonObject;
  checkFrontmatter(frontmatter, where);
  return frontmatter;
}

/** The fields the Agent Skills specification requires, with their rules. */
export function checkFrontmatter(frontmatter: JsonObject, where: string): void {
  const { name, description } = frontmatter;
  if (typeof name !== 'string' || !SKILL_NAME.test(name)) {
    throw new ConfigurationError(
      `Skill ${where}: "name" must be 1-64 lowercase letters, digits and single hyphens, not starting or ending with one (got ${JSON.stringify(name ?? null)}). Set name: to the skill folder's name, e.g. name: pdf-processing.`,
    );
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw new ConfigurationError(
      `Skill ${where}: "description" is required (what the skill does and when to use it). Add description: … to the frontmatter.`,
    );
  }
}

/** A `SKILL.md` with this frontmatter and body (for skills whose frontmatter the framework writes). */
export function writeSkillMd(frontmatter: JsonObject, body: string): string {
  return `---\n${yaml().stringify(frontmatter, { lineWidth: 0 })}---\n\n${body}`;
}
