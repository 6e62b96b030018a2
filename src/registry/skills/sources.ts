import type { FSWatcher } from 'node:fs';
import { ConfigurationError, type JsonObject } from '../../core';
import { digestOf, mimeTypeOf, sizeOf } from './files';
import { checkFrontmatter, readFrontmatter, writeSkillMd } from './frontmatter';
import { nodeFs, nodeFsPromises, nodePath } from './node';
import { checkRelPath, type SkillFile, type SkillSnapshot, snapshotOf } from './snapshot';
import { walkFolder } from './walk';

/** Where a skill's snapshot and file contents come from. */
export interface SkillContent<C> {
  /** The skill as served now (a folder reads again what changed since). */
  snapshot(): SkillSnapshot;
  /** The raw content of one of its files (`context`: the read's). */
  content(file: SkillFile, context: C): Promise<string | Uint8Array>;
}

/** `prefix` and `name` as a skill path. */
export function joinPath(prefix: string | undefined, name: string): string {
  return prefix === undefined || prefix === '' ? name : `${prefix.replace(/\/+$/, '')}/${name}`;
}

/** Reads a folder skill: its files (sorted), their digests and sizes, and its frontmatter. */
function readFolder(dir: string, where: string) {
  const walk = walkFolder(dir, where);
  if (!walk.files.some((file) => file.rel === 'SKILL.md')) {
    throw new ConfigurationError(
      `Skill ${where}: no SKILL.md in ${dir}. Every skill has a SKILL.md at its root, with name and description in its frontmatter.`,
    );
  }
  let frontmatter: JsonObject = {};
  const files = walk.files.map((file) => {
    const bytes = nodeFs().readFileSync(file.abs);
    if (file.rel === 'SKILL.md') {
      frontmatter = readFrontmatter(bytes.toString('utf8'), `${where} (${file.abs})`);
    }
    return {
      rel: file.rel,
      abs: file.abs,
      mimeType: mimeTypeOf(file.rel),
      size: bytes.byteLength,
      digest: digestOf(bytes),
    };
  });
  return { walk, frontmatter, files };
}

/**
 * A skill served from a folder: read at start-up, and read again on first use after a change
 * (one `fs.watch` per folder marks it stale), so digests and sizes follow the files. A change that
 * breaks the skill is reported and the last good snapshot is kept.
 */
export class FolderSkill<C> implements SkillContent<C> {
  readonly name: string;
  private current: SkillSnapshot;
  private abs = new Map<string, string>();
  private watchers: FSWatcher[] = [];
  private stale = false;
  /** No watcher could be set: read the folder again on every use. */
  private unwatched = false;

  constructor(
    private readonly dir: string,
    private readonly prefix: string | undefined,
    private readonly where: string,
    private readonly problem: (message: string) => void,
  ) {
    const read = readFolder(dir, where);
    this.name = read.frontmatter.name as string;
    const folder = nodePath().basename(nodePath().resolve(dir));
    if (folder !== this.name) {
      throw new ConfigurationError(
        `Skill ${where}: the frontmatter name "${this.name}" differs from its folder's name "${folder}" (the Agent Skills specification wants them equal). Rename the folder or set name: ${folder}.`,
      );
    }
    this.current = this.take(read);
  }

  get path(): string {
    return joinPath(this.prefix, this.name);
  }

  snapshot(): SkillSnapshot {
    if (this.stale || this.unwatched) {
      this.stale = false;
      try {
        const read = readFolder(this.dir, this.where);
        if (read.frontmatter.name !== this.name) {
          throw new Error(
            `its name changed to "${String(read.frontmatter.name)}"; a served skill keeps its path (restart to rename it)`,
          );
        }
        this.current = this.take(read);
      } catch (error) {
        this.problem(
          `Skill ${this.where}: a change was not applied, the last good version is served: ${(error as Error).message}`,
        );
      }
    }
    return this.current;
  }

  async content(file: SkillFile): Promise<Uint8Array> {
    const abs = this.abs.get(file.rel);
    if (abs === undefined) throw new Error(`no file ${file.rel}`);
    try {
      const bytes = await nodeFsPromises().readFile(abs);
      if (bytes.byteLength !== file.size || digestOf(bytes) !== file.digest) this.stale = true;
      return bytes;
    } catch (error) {
      this.stale = true;
      throw error;
    }
  }

  /** Stops watching the folder. */
  close(): void {
    for (const watcher of this.watchers) watcher.close();
    this.watchers = [];
  }

  private take(read: ReturnType<typeof readFolder>): SkillSnapshot {
    const snapshot = snapshotOf(this.path, read.frontmatter, read.files, false, this.where);
    this.abs = new Map(read.files.map((file) => [file.rel, file.abs]));
    this.close();
    try {
      for (const folder of read.walk.folders) {
        const watcher = nodeFs().watch(folder, { persistent: false }, () => {
          this.stale = true;
        });
        watcher.on('error', () => {
          this.stale = true;
        });
        this.watchers.push(watcher);
      }
    } catch {
      this.close();
      this.unwatched = true;
    }
    return snapshot;
  }
}

/** A skill whose files are given, held in memory: digests computed once. */
export class MemorySkill<C> implements SkillContent<C> {
  readonly name: string;
  private readonly current: SkillSnapshot;
  private readonly data = new Map<string, string | Uint8Array>();

  constructor(
    files: Readonly<Record<string, string | Uint8Array>>,
    readonly prefix: string | undefined,
    where: string,
  ) {
    const md = files['SKILL.md'];
    if (md === undefined) {
      throw new ConfigurationError(
        `Skill ${where}: "files" has no SKILL.md. Add 'SKILL.md': '---\\nname: …\\ndescription: …\\n---\\n…'.`,
      );
    }
    const text = typeof md === 'string' ? md : Buffer.from(md).toString('utf8');
    const frontmatter = readFrontmatter(text, `${where} (SKILL.md)`);
    this.name = frontmatter.name as string;
    const list = Object.keys(files)
      .sort()
      .map((rel) => {
        checkRelPath(rel, where);
        const data = files[rel];
        this.data.set(rel, data);
        return { rel, mimeType: mimeTypeOf(rel), size: sizeOf(data), digest: digestOf(data) };
      });
    this.current = snapshotOf(joinPath(prefix, this.name), frontmatter, list, false, where);
  }

  snapshot(): SkillSnapshot {
    return this.current;
  }

  async content(file: SkillFile): Promise<string | Uint8Array> {
    return this.data.get(file.rel)!;
  }
}

/** One generated file of a dynamic skill: its path, type and the method that makes it. */
export interface GeneratedFile<C> {
  rel: string;
  mimeType?: string;
  make: (context: C) => unknown;
}

/**
 * A skill whose files are generated on each read (`@Skill({ dynamic: true })`): listed as
 * `resources: "dynamic"`. Its `SKILL.md` is the declared frontmatter above the body its method returns.
 */
export class DynamicSkill<C> implements SkillContent<C> {
  private readonly current: SkillSnapshot;
  private readonly makers = new Map<string, (context: C) => unknown>();

  constructor(
    readonly name: string,
    readonly prefix: string | undefined,
    private readonly frontmatter: JsonObject,
    files: ReadonlyArray<GeneratedFile<C>>,
    private readonly where: string,
  ) {
    checkFrontmatter(frontmatter, where);
    if (!files.some((file) => file.rel === 'SKILL.md')) {
      throw new ConfigurationError(
        `Skill ${where}: a dynamic skill needs a @SkillFile('SKILL.md') method returning its instructions (the framework writes the frontmatter above them).`,
      );
    }
    const list = files.map((file) => {
      checkRelPath(file.rel, where);
      if (this.makers.has(file.rel)) {
        throw new ConfigurationError(
          `Skill ${where}: two @SkillFile methods make ${file.rel}. Give each file one method.`,
        );
      }
      this.makers.set(file.rel, file.make);
      return { rel: file.rel, mimeType: file.mimeType ?? mimeTypeOf(file.rel) };
    });
    list.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    this.current = snapshotOf(joinPath(prefix, name), frontmatter, list, true, where);
  }

  snapshot(): SkillSnapshot {
    return this.current;
  }

  async content(file: SkillFile, context: C): Promise<string | Uint8Array> {
    const made = await this.makers.get(file.rel)!(context);
    if (file.rel === 'SKILL.md') {
      if (typeof made !== 'string') {
        throw new TypeError(`Skill ${this.where}: the SKILL.md method must return a string.`);
      }
      return writeSkillMd(this.frontmatter, made);
    }
    if (typeof made === 'string' || made instanceof Uint8Array) return made;
    throw new TypeError(
      `Skill ${this.where}: the @SkillFile('${file.rel}') method must return a string or bytes (got ${typeof made}).`,
    );
  }
}
