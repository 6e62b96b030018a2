/**
 * A SKILL.md's frontmatter (src/registry/skills/frontmatter.ts): the block found after a BOM and
 * with CRLF, read as YAML 1.2 core into plain JSON, checked against the Agent Skills rules with a
 * ConfigurationError that names the file, and written back by writeSkillMd.
 */
import fc from 'fast-check';
import { ConfigurationError } from '../../../src/core';
import {
  checkFrontmatter,
  frontmatterBlock,
  readFrontmatter,
  SKILL_NAME,
  writeSkillMd,
} from '../../../src/registry/skills/frontmatter';
import { refusal, skillMd } from './helpers';

describe('the frontmatter reader', () => {
  it('reads the block verbatim as JSON (nested metadata, quoted numbers)', () => {
    const text = skillMd(
      'name: pdf\ndescription: "Reads: PDFs"\nmetadata:\n  version: "2.1"\n  n: 3',
    );
    expect(readFrontmatter(text, 'x')).toEqual({
      name: 'pdf',
      description: 'Reads: PDFs',
      metadata: { version: '2.1', n: 3 },
    });
  });

  it('never throws anything but a ConfigurationError, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (head, body) => {
        for (const text of [head, `---\n${head}\n---\n${body}`]) {
          try {
            readFrontmatter(text, 'x');
          } catch (error) {
            if (!(error instanceof ConfigurationError)) throw error;
          }
          frontmatterBlock(text);
        }
      }),
    );
  });
});

describe('the block', () => {
  it('is found after a BOM, with CRLF lines, and with spaces after the closing ---', () => {
    expect(frontmatterBlock('---\nname: a\n---\nbody')).toBe('name: a');
    expect(frontmatterBlock('\ufeff---\r\nname: a\r\nb: c\r\n---\r\nbody')).toBe('name: a\r\nb: c');
    expect(frontmatterBlock('---\nname: a\n--- \t\n')).toBe('name: a');
    expect(frontmatterBlock('---\nname: a\n---')).toBe('name: a');
  });

  it('is none unless the text begins with it and it closes', () => {
    expect(frontmatterBlock('')).toBeUndefined();
    expect(frontmatterBlock(' ---\nname: a\n---\n')).toBeUndefined();
    expect(frontmatterBlock('---\nname: a\n')).toBeUndefined();
    expect(frontmatterBlock('---\nname: a\n----\n')).toBeUndefined();
    expect(frontmatterBlock('# Title\n---\nname: a\n---\n')).toBeUndefined();
  });
});

describe('reading', () => {
  it('is YAML 1.2 core: a date stays a string, yes stays a string', () => {
    expect(
      readFrontmatter(skillMd('name: a\ndescription: d\nsince: 2026-12-05\nflag: yes'), 'x'),
    ).toEqual({ name: 'a', description: 'd', since: '2026-12-05', flag: 'yes' });
  });

  it('refuses, naming the file: no block, bad YAML, a duplicate key, not a mapping', () => {
    expect(refusal(() => readFrontmatter('# no block', 'pdf/SKILL.md'))).toBe(
      'Skill pdf/SKILL.md: SKILL.md must begin with YAML frontmatter between "---" lines, holding at least "name" and "description".',
    );
    expect(refusal(() => readFrontmatter(skillMd('name: [a'), 'pdf/SKILL.md'))).toMatch(
      /^Skill pdf\/SKILL\.md: the frontmatter is not valid YAML \(.+\)\. Fix the YAML between the "---" lines\.$/,
    );
    expect(refusal(() => readFrontmatter(skillMd('name: a\nname: b'), 'p'))).toMatch(
      /^Skill p: the frontmatter is not valid YAML \(Map keys must be unique/,
    );
    for (const body of ['- a\n- b', '"text"', '42', 'null']) {
      expect(refusal(() => readFrontmatter(skillMd(body), 'p'))).toBe(
        'Skill p: the frontmatter must be a YAML mapping (name: …, description: …).',
      );
    }
  });
});

describe('the rules', () => {
  it.each([['a'], ['pdf-processing'], ['x1-2-3'], ['a'.repeat(64)]])('%s is a name', (name) => {
    expect(SKILL_NAME.test(name)).toBe(true);
    expect(() => checkFrontmatter({ name, description: 'd' }, 'p')).not.toThrow();
  });

  it.each([[''], ['-a'], ['a-'], ['a--b'], ['A'], ['a_b'], ['a.b'], ['a'.repeat(65)], ['é']])(
    '%j is not a name',
    (name) => {
      expect(refusal(() => checkFrontmatter({ name, description: 'd' }, 'p'))).toBe(
        `Skill p: "name" must be 1-64 lowercase letters, digits and single hyphens, not starting or ending with one (got ${JSON.stringify(name)}). Set name: to the skill folder's name, e.g. name: pdf-processing.`,
      );
    },
  );

  it('a missing or non-string name is named as null or as given', () => {
    expect(refusal(() => checkFrontmatter({ description: 'd' }, 'p'))).toContain('(got null)');
    expect(refusal(() => checkFrontmatter({ name: 5, description: 'd' }, 'p'))).toContain(
      '(got 5)',
    );
  });

  it.each([[undefined], [''], ['  \n'], [3]])('description %j is refused', (description) => {
    expect(refusal(() => checkFrontmatter({ name: 'a', description } as never, 'p'))).toBe(
      'Skill p: "description" is required (what the skill does and when to use it). Add description: … to the frontmatter.',
    );
  });

  it('property: a name matches exactly when it is 1-64 of a-z0-9- with no edge or double hyphen', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{0,70}$/), (name) => {
        const rule =
          name.length >= 1 &&
          name.length <= 64 &&
          !name.startsWith('-') &&
          !name.endsWith('-') &&
          !name.includes('--');
        expect(SKILL_NAME.test(name)).toBe(rule);
      }),
    );
  });
});

describe('writing', () => {
  it('writes the frontmatter between --- lines, then the body', () => {
    expect(writeSkillMd({ name: 'a', description: 'Does: things' }, 'Body.\n')).toBe(
      '---\nname: a\ndescription: "Does: things"\n---\n\nBody.\n',
    );
  });

  it('property: what writeSkillMd writes reads back equal', () => {
    const name = fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}$/);
    const text = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(
        name,
        text,
        fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue()),
        (n, d, extra) => {
          const frontmatter = { ...JSON.parse(JSON.stringify(extra)), name: n, description: d };
          expect(readFrontmatter(writeSkillMd(frontmatter, 'body'), 'p')).toEqual(frontmatter);
        },
      ),
    );
  });
});
