/**
 * Where a skill's files come from (src/registry/skills/sources.ts): a folder (read at start-up,
 * read again after a change, the last good version kept when a change breaks it), files held in
 * memory, and files generated on each read. Each start-up mistake is a ConfigurationError with
 * its exact message.
 */
import fs, { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestOf } from '../../../src/registry/skills/files';
import type { SkillFile, SkillSnapshot } from '../../../src/registry/skills/snapshot';
import {
  DynamicSkill,
  FolderSkill,
  joinPath,
  MemorySkill,
} from '../../../src/registry/skills/sources';
import { within } from '../../helpers/within';
import { folder, refusal, removeFolders, skillMd } from './helpers';

afterAll(removeFolders);

const MD = skillMd('name: deploy\ndescription: Deploys the app.');

/** The files of a snapshot as rel → [size, digest]. */
const filesOf = (snapshot: SkillSnapshot) =>
  Object.fromEntries(
    [...snapshot.files.values()].map((file) => [file.rel, [file.size, file.digest]]),
  );
const file = (snapshot: SkillSnapshot, rel: string): SkillFile =>
  [...snapshot.files.values()].find((f) => f.rel === rel)!;

test('joinPath: a skill under a prefix, trailing slashes of the prefix dropped', () => {
  expect(joinPath(undefined, 'deploy')).toBe('deploy');
  expect(joinPath('', 'deploy')).toBe('deploy');
  expect(joinPath('ops', 'deploy')).toBe('ops/deploy');
  expect(joinPath('ops/tools//', 'deploy')).toBe('ops/tools/deploy');
});

describe('FolderSkill', () => {
  const problems: string[] = [];
  const open: FolderSkill<unknown>[] = [];
  const make = (dir: string, prefix?: string) => {
    const skill = new FolderSkill<unknown>(dir, prefix, 'deploy', (m) => problems.push(m));
    open.push(skill);
    return skill;
  };
  afterEach(() => {
    for (const skill of open.splice(0)) skill.close();
    problems.length = 0;
    jest.restoreAllMocks();
  });

  it('reads the folder: its files, sizes and digests, its frontmatter; served under the prefix', async () => {
    const dir = folder({ 'SKILL.md': MD, 'ref/b.md': 'bb', 'a.txt': 'a' }, 'deploy');
    const skill = make(dir, 'ops/');
    expect(skill.name).toBe('deploy');
    expect(skill.path).toBe('ops/deploy');
    const snapshot = skill.snapshot();
    expect(snapshot.frontmatter).toEqual({ name: 'deploy', description: 'Deploys the app.' });
    expect(filesOf(snapshot)).toEqual({
      'SKILL.md': [Buffer.byteLength(MD), digestOf(MD)],
      'a.txt': [1, digestOf('a')],
      'ref/b.md': [2, digestOf('bb')],
    });
    expect(snapshot.definition.uri).toBe('skill://ops/deploy/SKILL.md');
    expect(Buffer.from(await skill.content(file(snapshot, 'ref/b.md'))).toString()).toBe('bb');
    // Unchanged: the same snapshot each time.
    expect(skill.snapshot()).toBe(snapshot);
  });

  it('start-up errors: no SKILL.md; a name that is not the folder’s', () => {
    const bare = folder({ 'a.md': 'x' }, 'deploy');
    expect(refusal(() => make(bare))).toBe(
      `Skill deploy: no SKILL.md in ${bare}. Every skill has a SKILL.md at its root, with name and description in its frontmatter.`,
    );
    expect(refusal(() => make(folder({ 'SKILL.md': MD }, 'ship')))).toBe(
      'Skill deploy: the frontmatter name "deploy" differs from its folder\'s name "ship" (the Agent Skills specification wants them equal). Rename the folder or set name: ship.',
    );
  });

  /** Watchers that never fire: only a read can tell the skill it changed. */
  const quietWatchers = () =>
    jest
      .spyOn(fs, 'watch')
      .mockImplementation(() => ({ on: () => undefined, close: () => undefined }) as never);

  it('a file that no longer matches what was listed marks the skill stale: read again on next use', async () => {
    const dir = folder({ 'SKILL.md': MD, 'a.txt': 'a' }, 'deploy');
    quietWatchers();
    const skill = make(dir);
    const before = skill.snapshot();
    writeFileSync(join(dir, 'a.txt'), 'changed');
    expect(skill.snapshot()).toBe(before);
    expect(Buffer.from(await skill.content(file(before, 'a.txt'))).toString()).toBe('changed');
    expect(filesOf(skill.snapshot())['a.txt']).toEqual([7, digestOf('changed')]);
  });

  it('a file gone: the read fails, and the next snapshot no longer lists it', async () => {
    const dir = folder({ 'SKILL.md': MD, 'a.txt': 'a' }, 'deploy');
    quietWatchers();
    const skill = make(dir);
    const before = skill.snapshot();
    rmSync(join(dir, 'a.txt'));
    await expect(skill.content(file(before, 'a.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(Object.keys(filesOf(skill.snapshot()))).toEqual(['SKILL.md']);
    await expect(skill.content({ ...file(before, 'a.txt'), rel: 'nope.txt' })).rejects.toThrow(
      'no file nope.txt',
    );
  });

  it('a change that breaks the skill is reported; the last good version stays served', async () => {
    const dir = folder({ 'SKILL.md': MD, 'a.txt': 'a' }, 'deploy');
    quietWatchers();
    const skill = make(dir);
    const good = skill.snapshot();
    writeFileSync(join(dir, 'SKILL.md'), skillMd('name: renamed\ndescription: Other.'));
    await skill.content(file(good, 'SKILL.md'));
    expect(skill.snapshot()).toBe(good);
    expect(problems).toEqual([
      'Skill deploy: a change was not applied, the last good version is served: its name changed to "renamed"; a served skill keeps its path (restart to rename it)',
    ]);
    // Reported once: the skill is not stale any more until the next change.
    expect(skill.snapshot()).toBe(good);
    expect(problems).toHaveLength(1);
  });

  it('where no folder can be watched, every use reads the folder again', () => {
    const dir = folder({ 'SKILL.md': MD, 'a.txt': 'a' }, 'deploy');
    jest.spyOn(fs, 'watch').mockImplementation(() => {
      throw new Error('ENOSPC: no watchers left');
    });
    const skill = make(dir);
    writeFileSync(join(dir, 'a.txt'), 'new');
    expect(filesOf(skill.snapshot())['a.txt']).toEqual([3, digestOf('new')]);
  });

  it('a change on disk is seen through the folder’s watcher', async () => {
    const dir = folder({ 'SKILL.md': MD, 'ref/a.txt': 'a' }, 'deploy');
    const skill = make(dir);
    writeFileSync(join(dir, 'ref/a.txt'), 'watched');
    await within(
      (async () => {
        while (filesOf(skill.snapshot())['ref/a.txt'][0] !== 7) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })(),
      10_000,
      'the change in ref/ was not seen',
    );
    expect(filesOf(skill.snapshot())['ref/a.txt']).toEqual([7, digestOf('watched')]);
  });

  it('close stops every watcher', () => {
    const closed: number[] = [];
    let n = 0;
    jest.spyOn(fs, 'watch').mockImplementation(() => {
      const mine = ++n;
      return { on: () => undefined, close: () => closed.push(mine) } as never;
    });
    const skill = make(
      folder({ 'SKILL.md': MD, 'ref/a.txt': 'a', 'ref/deep/b.txt': 'b' }, 'deploy'),
    );
    expect(n).toBe(3);
    skill.close();
    expect(closed.sort()).toEqual([1, 2, 3]);
  });
});

describe('MemorySkill', () => {
  it('files given in memory: listed sorted with sizes and digests, served as given', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const skill = new MemorySkill<unknown>(
      { 'z.bin': bytes, 'SKILL.md': MD, 'docs/é.md': 'é' },
      'ops',
      'memory',
    );
    expect(skill.name).toBe('deploy');
    const snapshot = skill.snapshot();
    expect([...snapshot.files.values()].map((f) => f.rel)).toEqual([
      'SKILL.md',
      'docs/é.md',
      'z.bin',
    ]);
    expect(filesOf(snapshot)['docs/é.md']).toEqual([2, digestOf('é')]);
    expect(filesOf(snapshot)['z.bin']).toEqual([3, digestOf(bytes)]);
    expect(snapshot.definition.uri).toBe('skill://ops/deploy/SKILL.md');
    expect(await skill.content(file(snapshot, 'z.bin'))).toBe(bytes);
    expect(skill.snapshot()).toBe(snapshot);
  });

  it('a SKILL.md given as bytes (a Uint8Array) is read as UTF-8', () => {
    const skill = new MemorySkill<unknown>(
      { 'SKILL.md': new TextEncoder().encode(MD) },
      undefined,
      'memory',
    );
    expect(skill.snapshot().frontmatter).toEqual({
      name: 'deploy',
      description: 'Deploys the app.',
    });
  });

  it('start-up errors: no SKILL.md; a path that is not relative and plain', () => {
    expect(refusal(() => new MemorySkill({ 'a.md': 'x' }, undefined, 'memory'))).toBe(
      `Skill memory: "files" has no SKILL.md. Add 'SKILL.md': '---\\nname: …\\ndescription: …\\n---\\n…'.`,
    );
    expect(
      refusal(() => new MemorySkill({ 'SKILL.md': MD, '../x': 'x' }, undefined, 'memory')),
    ).toBe(
      'Skill memory: file path "../x" must be relative and "/"-separated, without empty, "." or ".." segments or names starting with "." (e.g. "references/FORMS.md").',
    );
  });
});

describe('DynamicSkill', () => {
  const FRONTMATTER = { name: 'report', description: 'Today’s report.' };
  const made = (rel: string, make: (context: { user: string }) => unknown, mimeType?: string) => ({
    rel,
    make,
    ...(mimeType === undefined ? {} : { mimeType }),
  });

  it('listed sorted, without sizes; each read makes the file for its context; SKILL.md under its frontmatter', async () => {
    const skill = new DynamicSkill<{ user: string }>(
      'report',
      undefined,
      FRONTMATTER,
      [
        made('data.json', (c) => `{"user":"${c.user}"}`, 'application/vnd.report+json'),
        made('SKILL.md', async (c) => `Hello ${c.user}.\n`),
        made('b.bin', () => new Uint8Array([9])),
      ],
      'dynamic',
    );
    const snapshot = skill.snapshot();
    expect([...snapshot.files.values()].map((f) => [f.rel, f.mimeType, f.size])).toEqual([
      ['SKILL.md', 'text/markdown', undefined],
      ['b.bin', 'application/octet-stream', undefined],
      ['data.json', 'application/vnd.report+json', undefined],
    ]);
    expect(await skill.content(file(snapshot, 'SKILL.md'), { user: 'ada' })).toBe(
      '---\nname: report\ndescription: Today’s report.\n---\n\nHello ada.\n',
    );
    expect(await skill.content(file(snapshot, 'data.json'), { user: 'bob' })).toBe(
      '{"user":"bob"}',
    );
    expect(await skill.content(file(snapshot, 'b.bin'), { user: 'x' })).toEqual(
      new Uint8Array([9]),
    );
  });

  it('a method that makes the wrong kind of value is a TypeError that names it', async () => {
    const skill = new DynamicSkill<{ user: string }>(
      'report',
      'ops',
      FRONTMATTER,
      [made('SKILL.md', () => 42), made('n.txt', () => 42)],
      'dynamic',
    );
    const snapshot = skill.snapshot();
    await expect(skill.content(file(snapshot, 'SKILL.md'), { user: 'a' })).rejects.toThrow(
      new TypeError('Skill dynamic: the SKILL.md method must return a string.'),
    );
    await expect(skill.content(file(snapshot, 'n.txt'), { user: 'a' })).rejects.toThrow(
      new TypeError(
        "Skill dynamic: the @SkillFile('n.txt') method must return a string or bytes (got number).",
      ),
    );
  });

  it('start-up errors: no SKILL.md method; two methods for one file; a bad frontmatter', () => {
    const dynamic = (frontmatter: typeof FRONTMATTER | { name: string }, rels: string[]) => () =>
      new DynamicSkill(
        'report',
        undefined,
        frontmatter,
        rels.map((rel) => made(rel, () => '')),
        'dyn',
      );
    expect(refusal(dynamic(FRONTMATTER, ['a.md']))).toBe(
      "Skill dyn: a dynamic skill needs a @SkillFile('SKILL.md') method returning its instructions (the framework writes the frontmatter above them).",
    );
    expect(refusal(dynamic(FRONTMATTER, ['SKILL.md', 'a.md', 'a.md']))).toBe(
      'Skill dyn: two @SkillFile methods make a.md. Give each file one method.',
    );
    expect(refusal(dynamic({ name: 'report' }, ['SKILL.md']))).toBe(
      'Skill dyn: "description" is required (what the skill does and when to use it). Add description: … to the frontmatter.',
    );
  });
});
