import type { SkillCommonOptions, SkillRecord } from '../../../decorators/skill';
import { ConfigurationError, type JsonObject } from '../../core';
import { nodePath } from './node';
import type { ServedSkill } from './skill-set';
import { DynamicSkill, FolderSkill, type GeneratedFile, MemorySkill } from './sources';
import { findSkillFolders } from './walk';

/**
 * A source of skills in `McpApplication.create({ skills })`: one skill folder (`dir`), every
 * skill folder under a folder (`root`: each folder holding a `SKILL.md`, its path below `root`
 * becoming the skill's path), or one skill's files held in memory (`files`).
 */
export type SkillSource =
  | (SkillCommonOptions & { dir: string })
  | (SkillCommonOptions & { root: string })
  | (SkillCommonOptions & { files: Readonly<Record<string, string | Uint8Array>> });

type Problem = (message: string) => void;

function common<C>(
  options: SkillCommonOptions,
  provider: string,
  origin: string,
  content: FolderSkill<C> | MemorySkill<C> | DynamicSkill<C>,
  path: string,
): ServedSkill<C> {
  if (options.scopes !== undefined && !Array.isArray(options.scopes)) {
    throw new ConfigurationError(
      `Skill ${provider} (${origin}): "scopes" must be an array of strings.`,
    );
  }
  return {
    path,
    scopes: options.scopes,
    enabled: options.enabled !== false,
    provider,
    origin,
    content,
  };
}

function folderSkill<C>(
  options: SkillCommonOptions,
  dir: string,
  prefix: string | undefined,
  provider: string,
  problem: Problem,
): ServedSkill<C> {
  const content = new FolderSkill<C>(dir, prefix, `${provider} (${dir})`, problem);
  return common(options, provider, dir, content, content.path);
}

/** The skills of the `skills` option, in order (a `root`'s in path order). */
export function skillsOfOption<C>(
  sources: readonly SkillSource[],
  problem: Problem,
): ServedSkill<C>[] {
  if (!Array.isArray(sources)) {
    throw new ConfigurationError(
      `McpApplication.create: "skills" must be an array, e.g. skills: [{ dir: './skills/pdf-processing' }, { root: './skills' }].`,
    );
  }
  const skills: ServedSkill<C>[] = [];
  for (const source of sources) {
    const where = 'skills option';
    if (typeof source !== 'object' || source === null) {
      throw new ConfigurationError(
        `McpApplication.create: every "skills" item must be { dir }, { root } or { files }.`,
      );
    }
    if ('dir' in source && typeof source.dir === 'string') {
      skills.push(folderSkill(source, source.dir, source.prefix, where, problem));
    } else if ('root' in source && typeof source.root === 'string') {
      const folders = findSkillFolders(source.root, `${where} (${source.root})`);
      if (folders.length === 0) {
        throw new ConfigurationError(
          `Skill ${where}: no SKILL.md under ${source.root}. Put each skill in a folder of its own there, or fix "root".`,
        );
      }
      for (const rel of folders) {
        const at = rel.lastIndexOf('/');
        const prefix = [source.prefix, at < 0 ? '' : rel.slice(0, at)].filter(Boolean).join('/');
        const dir = rel === '' ? source.root : nodePath().join(source.root, rel);
        skills.push(folderSkill(source, dir, prefix || undefined, where, problem));
      }
    } else if ('files' in source && typeof source.files === 'object' && source.files !== null) {
      const content = new MemorySkill<C>(source.files, source.prefix, where);
      skills.push(common(source, where, 'files', content, joinPrefix(source.prefix, content.name)));
    } else {
      throw new ConfigurationError(
        `McpApplication.create: a "skills" item needs "dir" (a skill folder), "root" (a folder of skill folders) or "files". Got keys: ${Object.keys(source).join(', ') || 'none'}.`,
      );
    }
  }
  return skills;
}

function joinPrefix(prefix: string | undefined, name: string): string {
  return prefix ? `${prefix.replace(/\/+$/, '')}/${name}` : name;
}

/** The skill a `@Skill` provider declares; `instance` resolves the provider (dynamic skills). */
export function skillOfProvider<C>(
  provider: Function,
  record: SkillRecord,
  instance: () => object,
  problem: Problem,
): ServedSkill<C> {
  const name = provider.name || 'anonymous class';
  const options = record.options!;
  const dynamic = 'dynamic' in options && options.dynamic === true;
  if (!dynamic && record.files.length > 0) {
    throw new ConfigurationError(
      `Provider ${name}: @SkillFile methods need @Skill({ name, description, dynamic: true }); a skill from "dir" or "files" serves those files.`,
    );
  }
  if ('dir' in options && typeof options.dir === 'string') {
    return folderSkill(options, options.dir, options.prefix, name, problem);
  }
  if ('files' in options && typeof options.files === 'object' && options.files !== null) {
    const content = new MemorySkill<C>(options.files, options.prefix, name);
    return common(options, name, 'files', content, joinPrefix(options.prefix, content.name));
  }
  if (dynamic && 'name' in options) {
    const target = instance() as Record<string, unknown>;
    const files: GeneratedFile<C>[] = record.files.map((file) => {
      const method = target[file.method];
      if (typeof method !== 'function') {
        throw new ConfigurationError(
          `Provider ${name}: @SkillFile('${file.path}') is not on a method.`,
        );
      }
      return {
        rel: file.path,
        mimeType: file.options.mimeType,
        make: (context: C) => (method as (context: C) => unknown).call(target, context),
      };
    });
    const { name: _n, description: _d, ...more } = options.frontmatter ?? {};
    const frontmatter: JsonObject = {
      name: options.name,
      description: options.description,
      ...more,
    };
    const content = new DynamicSkill<C>(options.name, options.prefix, frontmatter, files, name);
    return common(options, name, 'generated', content, joinPrefix(options.prefix, options.name));
  }
  throw new ConfigurationError(
    `Provider ${name}: @Skill needs { dir }, { files } or { name, description, dynamic: true }.`,
  );
}
