/**
 * Where skills come from (src/registry/skills/collect.ts): the `skills` option's `dir`, `root` and
 * `files` items, and `@Skill` providers; each mistake a ConfigurationError that says what to write.
 */
import 'reflect-metadata';
import { Skill, SkillFile } from 'declarative-mcp';
import { skillOfProvider, skillsOfOption } from '../../../src/registry/skills/collect';
import { skillRecordOf } from '../../../src/registry/skills/record';
import { folder, refusal, removeFolders, skillMd } from './helpers';

afterAll(removeFolders);

const md = (name: string) => skillMd(`name: ${name}\ndescription: The ${name} skill`);
const problems: string[] = [];
const problem = (message: string) => problems.push(message);
const served = (skills: ReturnType<typeof skillsOfOption>) =>
  skills.map(({ path, provider, origin, enabled, scopes }) => ({
    path,
    provider,
    origin,
    enabled,
    scopes,
  }));

describe('the skills option', () => {
  it('a dir, a root (each skill folder under it, in path order) and files, prefixed', () => {
    const pdf = folder({ 'SKILL.md': md('pdf') }, 'pdf');
    const root = folder({ 'b/c/SKILL.md': md('c'), 'a/SKILL.md': md('a'), 'a/notes.md': 'n' });
    const skills = skillsOfOption(
      [
        { dir: pdf, scopes: ['read'] },
        { root, prefix: 'acme' },
        { files: { 'SKILL.md': md('mem') }, prefix: 'x/', enabled: false },
      ],
      problem,
    );
    expect(served(skills)).toEqual([
      { path: 'pdf', provider: 'skills option', origin: pdf, enabled: true, scopes: ['read'] },
      {
        path: 'acme/a',
        provider: 'skills option',
        origin: `${root}/a`,
        enabled: true,
        scopes: undefined,
      },
      {
        path: 'acme/b/c',
        provider: 'skills option',
        origin: `${root}/b/c`,
        enabled: true,
        scopes: undefined,
      },
      {
        path: 'x/mem',
        provider: 'skills option',
        origin: 'files',
        enabled: false,
        scopes: undefined,
      },
    ]);
    expect(skills[1]!.content.snapshot().entry.resources).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it('a root that is itself a skill folder serves it by its name; those below by their path below the root', () => {
    const root = folder({ 'SKILL.md': md('top'), 'inner/SKILL.md': md('inner') }, 'top');
    expect(skillsOfOption([{ root }], problem).map((s) => s.path)).toEqual(['top', 'inner']);
  });

  it.each<[unknown, string]>([
    [
      { dir: 'x' },
      "McpApplication.create: \"skills\" must be an array, e.g. skills: [{ dir: './skills/pdf-processing' }, { root: './skills' }].",
    ],
    [[null], 'McpApplication.create: every "skills" item must be { dir }, { root } or { files }.'],
    [['pdf'], 'McpApplication.create: every "skills" item must be { dir }, { root } or { files }.'],
    [
      [{}],
      'McpApplication.create: a "skills" item needs "dir" (a skill folder), "root" (a folder of skill folders) or "files". Got keys: none.',
    ],
    [
      [{ folder: 'x', prefix: 'p' }],
      'McpApplication.create: a "skills" item needs "dir" (a skill folder), "root" (a folder of skill folders) or "files". Got keys: folder, prefix.',
    ],
    [
      [{ dir: 5 }],
      'McpApplication.create: a "skills" item needs "dir" (a skill folder), "root" (a folder of skill folders) or "files". Got keys: dir.',
    ],
  ])('%j is refused', (sources, message) => {
    expect(refusal(() => skillsOfOption(sources as never, problem))).toBe(message);
  });

  it('a root without any SKILL.md, and scopes that are not an array, are refused', () => {
    const empty = folder({ 'README.md': 'r' });
    expect(refusal(() => skillsOfOption([{ root: empty }], problem))).toBe(
      `Skill skills option: no SKILL.md under ${empty}. Put each skill in a folder of its own there, or fix "root".`,
    );
    expect(
      refusal(() =>
        skillsOfOption([{ files: { 'SKILL.md': md('m') }, scopes: 'read' as never }], problem),
      ),
    ).toBe('Skill skills option (files): "scopes" must be an array of strings.');
  });
});

describe('@Skill providers', () => {
  const none = () => ({});

  it('{ dir } and { files } are served as the option’s; the provider is named', () => {
    const pdf = folder({ 'SKILL.md': md('pdf') }, 'pdf');
    @Skill({ dir: pdf, prefix: 'docs' })
    class FromDir {}
    @Skill({ files: { 'SKILL.md': md('mem') } })
    class FromFiles {}
    expect(
      served([
        skillOfProvider(FromDir, skillRecordOf(FromDir)!, none, problem),
        skillOfProvider(FromFiles, skillRecordOf(FromFiles)!, none, problem),
      ]),
    ).toEqual([
      { path: 'docs/pdf', provider: 'FromDir', origin: pdf, enabled: true, scopes: undefined },
      { path: 'mem', provider: 'FromFiles', origin: 'files', enabled: true, scopes: undefined },
    ]);
  });

  it('dynamic: the declared name and description above the extra frontmatter, methods bound', async () => {
    @Skill({
      name: 'report',
      description: 'Sales',
      dynamic: true,
      prefix: 'acme',
      frontmatter: { name: 'ignored', license: 'MIT' },
    })
    class Report {
      constructor(readonly greeting = 'Hello') {}
      @SkillFile('SKILL.md') md(context: string) {
        return `${this.greeting}, ${context}.`;
      }
    }
    const instance = new Report('Hi');
    const skill = skillOfProvider<string>(Report, skillRecordOf(Report)!, () => instance, problem);
    expect([skill.path, skill.origin, skill.provider]).toEqual([
      'acme/report',
      'generated',
      'Report',
    ]);
    const snapshot = skill.content.snapshot();
    expect(snapshot.frontmatter).toEqual({ name: 'report', description: 'Sales', license: 'MIT' });
    const file = snapshot.files.get('skill://acme/report/SKILL.md')!;
    expect(await skill.content.content(file, 'Ada')).toBe(
      '---\nname: report\ndescription: Sales\nlicense: MIT\n---\n\nHi, Ada.',
    );
  });

  it('refuses @SkillFile on a skill that is not dynamic, a @Skill that says nothing, a file not on a method', () => {
    @Skill({ files: { 'SKILL.md': md('mem') } })
    class Mixed {
      @SkillFile('x.md') x() {
        return 'x';
      }
    }
    expect(refusal(() => skillOfProvider(Mixed, skillRecordOf(Mixed)!, none, problem))).toBe(
      'Provider Mixed: @SkillFile methods need @Skill({ name, description, dynamic: true }); a skill from "dir" or "files" serves those files.',
    );
    @Skill({ name: 'x', description: 'd' } as never)
    class Vague {}
    expect(refusal(() => skillOfProvider(Vague, skillRecordOf(Vague)!, none, problem))).toBe(
      'Provider Vague: @Skill needs { dir }, { files } or { name, description, dynamic: true }.',
    );
    @Skill({ name: 'gone', description: 'd', dynamic: true })
    class Gone {
      @SkillFile('SKILL.md') md() {
        return 'x';
      }
    }
    expect(refusal(() => skillOfProvider(Gone, skillRecordOf(Gone)!, () => ({}), problem))).toBe(
      "Provider Gone: @SkillFile('SKILL.md') is not on a method.",
    );
  });
});
