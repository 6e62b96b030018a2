/**
 * A skill as served at one moment (src/registry/skills/snapshot.ts): its URIs, the check of a
 * file's path, the SEP-2640 limits, its folders' children, and its `skills/list` entry.
 */
import fc from 'fast-check';
import { ConfigurationError } from '../../../src/core';
import { MAX_SKILL_BYTES } from '../../../src/registry/skills/files';
import {
  checkRelPath,
  fileUri,
  skillRoot,
  snapshotOf,
} from '../../../src/registry/skills/snapshot';

const FRONTMATTER = { name: 'pdf', description: 'Reads PDFs' };
const md = (rel: string, size = 10) => ({
  rel,
  mimeType: 'text/markdown',
  size,
  digest: `sha256:${rel}`,
});

test('URIs: skill://<path>, each segment of a file path encoded', () => {
  expect(skillRoot('acme/pdf')).toBe('skill://acme/pdf');
  expect(fileUri('pdf', 'SKILL.md')).toBe('skill://pdf/SKILL.md');
  expect(fileUri('pdf', 'ref/a b#?.md')).toBe('skill://pdf/ref/a%20b%23%3F.md');
});

describe('checkRelPath', () => {
  it.each([['SKILL.md'], ['references/FORMS.md'], ['a/b/c'], ['x..y']])(
    '%s is a file path',
    (rel) => {
      expect(() => checkRelPath(rel, 'p')).not.toThrow();
    },
  );

  it.each([
    [''],
    ['/abs'],
    ['a//b'],
    ['a/'],
    ['./a'],
    ['../a'],
    ['a/../b'],
    ['.env'],
    ['a/.git/x'],
    ['a\\b'],
  ])('%j is refused, naming it', (rel) => {
    expect(() => checkRelPath(rel, 'Report')).toThrow(
      new ConfigurationError(
        `Skill Report: file path ${JSON.stringify(rel)} must be relative and "/"-separated, without empty, "." or ".." segments or names starting with "." (e.g. "references/FORMS.md").`,
      ),
    );
  });

  it('property: a path passes exactly when no segment is empty or begins with a dot', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z.\\]{0,3}$/), { minLength: 1, maxLength: 4 }),
        (parts) => {
          const rel = parts.join('/');
          const ok = !rel.includes('\\') && parts.every((p) => p !== '' && !p.startsWith('.'));
          let passed = true;
          try {
            checkRelPath(rel, 'p');
          } catch (error) {
            expect(error).toBeInstanceOf(ConfigurationError);
            passed = false;
          }
          expect(passed).toBe(ok);
        },
      ),
    );
  });
});

describe('snapshotOf', () => {
  it('files by URI, folders with their direct children sorted, SKILL.md as its definition', () => {
    const snap = snapshotOf(
      'pdf',
      FRONTMATTER,
      [
        md('SKILL.md', 12),
        md('ref/b.md', 3),
        md('ref/a.md', 2),
        { rel: 'x y/z.png', mimeType: 'image/png', size: 1, digest: 'd' },
      ],
      false,
      'p',
    );
    expect([...snap.files.keys()]).toEqual([
      'skill://pdf/SKILL.md',
      'skill://pdf/ref/b.md',
      'skill://pdf/ref/a.md',
      'skill://pdf/x%20y/z.png',
    ]);
    expect(snap.files.get('skill://pdf/ref/a.md')).toEqual({
      ...md('ref/a.md', 2),
      uri: 'skill://pdf/ref/a.md',
    });
    expect(snap.definition).toEqual({
      uri: 'skill://pdf/SKILL.md',
      name: 'pdf',
      description: 'Reads PDFs',
      mimeType: 'text/markdown',
      size: 12,
    });
    expect(Object.fromEntries(snap.directories)).toEqual({
      'skill://pdf': [
        snap.definition,
        { uri: 'skill://pdf/ref', name: 'ref', mimeType: 'inode/directory' },
        { uri: 'skill://pdf/x%20y', name: 'x y', mimeType: 'inode/directory' },
      ],
      'skill://pdf/ref': [
        { uri: 'skill://pdf/ref/a.md', name: 'a.md', mimeType: 'text/markdown', size: 2 },
        { uri: 'skill://pdf/ref/b.md', name: 'b.md', mimeType: 'text/markdown', size: 3 },
      ],
      'skill://pdf/x%20y': [
        { uri: 'skill://pdf/x%20y/z.png', name: 'z.png', mimeType: 'image/png', size: 1 },
      ],
    });
    expect(snap.entry).toEqual({
      uri: 'skill://pdf/SKILL.md',
      frontmatter: FRONTMATTER,
      resources: [
        { uri: 'skill://pdf/SKILL.md', digest: 'sha256:SKILL.md', size: 12 },
        { uri: 'skill://pdf/ref/b.md', digest: 'sha256:ref/b.md', size: 3 },
        { uri: 'skill://pdf/ref/a.md', digest: 'sha256:ref/a.md', size: 2 },
        { uri: 'skill://pdf/x%20y/z.png', digest: 'd', size: 1 },
      ],
    });
  });

  it('a dynamic skill lists its resources as "dynamic", and its files without size', () => {
    const snap = snapshotOf(
      'gen',
      FRONTMATTER,
      [{ rel: 'SKILL.md', mimeType: 'text/markdown' }],
      true,
      'p',
    );
    expect(snap.entry.resources).toBe('dynamic');
    expect(snap.definition.size).toBeUndefined();
    expect(snap.directories.get('skill://gen')).toEqual([snap.definition]);
  });

  it('over 512 files, or over 16 MiB in all, is refused with the count', () => {
    const many = Array.from({ length: 513 }, (_, i) => md(`f${i}.md`, 1));
    expect(() => snapshotOf('p', FRONTMATTER, many, false, 'big')).toThrow(
      new ConfigurationError(
        'Skill big: 513 files, over the 512 a skill may hold (SEP-2640 Limits). Move files out, or split it into several skills.',
      ),
    );
    expect(() => snapshotOf('p', FRONTMATTER, many.slice(0, 512), false, 'big')).not.toThrow();
    const heavy = [md('SKILL.md', MAX_SKILL_BYTES), md('one-more', 1)];
    expect(() => snapshotOf('p', FRONTMATTER, heavy, false, 'big')).toThrow(
      new ConfigurationError(
        `Skill big: ${MAX_SKILL_BYTES + 1} bytes in all, over the 16 MiB (16777216 bytes) a skill may hold (SEP-2640 Limits). Move large files out, or split it into several skills.`,
      ),
    );
    expect(() => snapshotOf('p', FRONTMATTER, heavy.slice(0, 1), false, 'big')).not.toThrow();
  });
});
