import {
  ConfigurationError,
  DIRECTORY_MIME_TYPE,
  type JsonObject,
  type ResourceDefinition,
  type SkillEntry,
} from '../../core';
import { MAX_SKILL_BYTES, MAX_SKILL_FILES } from './files';

/** One file of a skill: its path in the skill, URI, type, and (unless generated) size and digest. */
export interface SkillFile {
  readonly rel: string;
  readonly uri: string;
  readonly mimeType: string;
  readonly size?: number;
  readonly digest?: string;
}

/**
 * A skill as served at one moment: its frontmatter, files by URI, the direct children of each of
 * its folders by folder URI, its `skills/list` entry and its `SKILL.md` as `resources/list` shows it.
 */
export interface SkillSnapshot {
  readonly frontmatter: JsonObject;
  readonly files: ReadonlyMap<string, SkillFile>;
  readonly directories: ReadonlyMap<string, readonly ResourceDefinition[]>;
  readonly entry: SkillEntry;
  readonly definition: ResourceDefinition;
}

/** `skill://<path>` (SEP-2640 Resource Mapping; a directory URI has no trailing slash). */
export function skillRoot(path: string): string {
  return `skill://${path}`;
}

/** The URI of a file of the skill at `path`. */
export function fileUri(path: string, rel: string): string {
  return `${skillRoot(path)}/${rel.split('/').map(encodeURIComponent).join('/')}`;
}

/** Checks a file's path inside a skill: `/`-separated, relative, no empty, dot or dot-file segment. */
export function checkRelPath(rel: string, where: string): void {
  const bad =
    typeof rel !== 'string' ||
    rel === '' ||
    rel.includes('\\') ||
    rel.split('/').some((segment) => segment === '' || segment.startsWith('.'));
  if (bad) {
    throw new ConfigurationError(
      `Skill ${where}: file path ${JSON.stringify(rel)} must be relative and "/"-separated, without empty, "." or ".." segments or names starting with "." (e.g. "references/FORMS.md").`,
    );
  }
}

/** The snapshot of the skill at `path` with these files (`SKILL.md` among them); checks the limits. */
export function snapshotOf(
  path: string,
  frontmatter: JsonObject,
  files: ReadonlyArray<Omit<SkillFile, 'uri'>>,
  dynamic: boolean,
  where: string,
): SkillSnapshot {
  if (files.length > MAX_SKILL_FILES) {
    throw new ConfigurationError(
      `Skill ${where}: ${files.length} files, over the ${MAX_SKILL_FILES} a skill may hold (SEP-2640 Limits). Move files out, or split it into several skills.`,
    );
  }
  const total = files.reduce((sum, file) => sum + (file.size ?? 0), 0);
  if (total > MAX_SKILL_BYTES) {
    throw new ConfigurationError(
      `Skill ${where}: ${total} bytes in all, over the 16 MiB (${MAX_SKILL_BYTES} bytes) a skill may hold (SEP-2640 Limits). Move large files out, or split it into several skills.`,
    );
  }
  const root = skillRoot(path);
  const byUri = new Map<string, SkillFile>();
  const directories = new Map<string, ResourceDefinition[]>([[root, []]]);
  const skillMd = fileUri(path, 'SKILL.md');
  const definition: ResourceDefinition = {
    uri: skillMd,
    name: frontmatter.name as string,
    description: frontmatter.description as string,
    mimeType: 'text/markdown',
  };
  const md = files.find((file) => file.rel === 'SKILL.md');
  if (md?.size !== undefined) definition.size = md.size;
  for (const file of files) {
    const uri = fileUri(path, file.rel);
    byUri.set(uri, { ...file, uri });
    const segments = file.rel.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      const child = `${folder}/${encodeURIComponent(segment)}`;
      if (!directories.has(child)) {
        directories.set(child, []);
        directories.get(folder)!.push({ uri: child, name: segment, mimeType: DIRECTORY_MIME_TYPE });
      }
      folder = child;
    }
    const resource: ResourceDefinition =
      uri === skillMd
        ? definition
        : { uri, name: segments[segments.length - 1], mimeType: file.mimeType };
    if (file.size !== undefined) resource.size = file.size;
    directories.get(folder)!.push(resource);
  }
  for (const children of directories.values()) {
    children.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  }
  const entry: SkillEntry = {
    uri: skillMd,
    frontmatter,
    resources: dynamic
      ? 'dynamic'
      : files.map((file) => ({
          uri: fileUri(path, file.rel),
          digest: file.digest!,
          size: file.size!,
        })),
  };
  return { frontmatter, files: byUri, directories, entry, definition };
}
