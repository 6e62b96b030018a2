/**
 * Bad skills are refused at start-up with a ConfigurationError that names the file and the fix:
 * frontmatter (missing, not YAML, name rule, name ≠ folder, no description), the SEP-2640 limits,
 * duplicates and misplaced decorators. The frontmatter reader's own tests are frontmatter.test.ts.
 */
import 'reflect-metadata';
import {
  ConfigurationError,
  McpApplication,
  Skill,
  SkillFile,
  type SkillSource,
} from 'declarative-mcp';
import { folder, removeFolders, skillMd } from './helpers';

afterAll(removeFolders);

function create(skills: SkillSource[], providers: Array<new () => object> = []) {
  return () =>
    McpApplication.create({
      name: 't',
      version: '1',
      providers,
      skills,
    });
}

function refused(run: () => unknown, ...parts: Array<string | RegExp>): void {
  let error: unknown;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigurationError);
  for (const part of parts) expect((error as Error).message).toMatch(part);
}

describe('a skill folder is refused at start-up', () => {
  it('without SKILL.md', () => {
    const root = folder({ 'README.md': 'x' }, 'pdf');
    refused(create([{ dir: root }]), root, 'no SKILL.md');
  });

  it('without frontmatter', () => {
    const root = folder({ 'SKILL.md': '# no frontmatter' }, 'pdf');
    refused(create([{ dir: root }]), `${root}/SKILL.md`, 'must begin with YAML frontmatter');
  });

  it('with frontmatter that is not YAML', () => {
    const root = folder({ 'SKILL.md': skillMd('name: pdf\ndescription: [unclosed') }, 'pdf');
    refused(create([{ dir: root }]), `${root}/SKILL.md`, 'not valid YAML');
  });

  it.each([['Bad_Name'], ['-lead'], ['double--dash'], ['x'.repeat(65)]])(
    'with a name that breaks the naming rule (%s)',
    (name) => {
      const root = folder({ 'SKILL.md': skillMd(`name: ${name}\ndescription: d`) }, 'pdf');
      refused(create([{ dir: root }]), `${root}/SKILL.md`, '"name" must be 1-64 lowercase');
    },
  );

  it("with a name that is not its folder's", () => {
    const root = folder({ 'SKILL.md': skillMd('name: other\ndescription: d') }, 'pdf');
    refused(
      create([{ dir: root }]),
      root,
      'differs from its folder\'s name "pdf"',
      'Rename the folder',
    );
  });

  it('without a description', () => {
    const root = folder({ 'SKILL.md': skillMd('name: pdf') }, 'pdf');
    refused(create([{ dir: root }]), `${root}/SKILL.md`, '"description" is required');
  });

  it('with more than 512 files', () => {
    const files: Record<string, string> = { 'SKILL.md': skillMd('name: pdf\ndescription: d') };
    for (let i = 0; i < 512; i++) files[`data/${i}.txt`] = String(i);
    const root = folder(files, 'pdf');
    refused(create([{ dir: root }]), root, '513 files', 'split it into several skills');
  });

  it('with more than 16 MiB', () => {
    const root = folder(
      {
        'SKILL.md': skillMd('name: pdf\ndescription: d'),
        'big.bin': new Uint8Array(16 * 1024 * 1024),
      },
      'pdf',
    );
    refused(create([{ dir: root }]), root, '16 MiB', 'Move large files out');
  });

  it('served twice at one path', () => {
    const root = folder({ 'SKILL.md': skillMd('name: pdf\ndescription: d') }, 'pdf');
    refused(create([{ dir: root }, { dir: root }]), 'Duplicate skill "pdf"', 'prefix');
  });

  it('with a prefix that is not plain URI segments', () => {
    const root = folder({ 'SKILL.md': skillMd('name: pdf\ndescription: d') }, 'pdf');
    refused(create([{ dir: root, prefix: 'a b' }]), 'a b/pdf', '"prefix"');
  });

  it('that does not exist', () => {
    refused(create([{ dir: '/nonexistent/pdf' }]), '/nonexistent/pdf does not exist');
  });
});

describe('skill classes are refused at start-up', () => {
  it('@SkillFile without @Skill', () => {
    class Loose {
      @SkillFile('SKILL.md') md() {
        return 'x';
      }
    }
    refused(create([], [Loose]), 'Provider Loose', '@SkillFile without @Skill');
  });

  it('a dynamic skill without a SKILL.md method', () => {
    @Skill({ name: 'report', description: 'd', dynamic: true })
    class Report {
      @SkillFile('data.csv') csv() {
        return 'a,b';
      }
    }
    refused(create([], [Report]), 'Report', "@SkillFile('SKILL.md')");
  });

  it('a dynamic skill with a file path that leaves the skill', () => {
    @Skill({ name: 'report', description: 'd', dynamic: true })
    class Report {
      @SkillFile('SKILL.md') md() {
        return 'x';
      }
      @SkillFile('../escape.md') out() {
        return 'x';
      }
    }
    refused(create([], [Report]), 'Report', '"../escape.md"');
  });
});
