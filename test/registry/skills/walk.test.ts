/**
 * Walking a skill folder (src/registry/skills/walk.ts): every file sorted by path, dot-names left
 * out, links followed only inside the folder, each folder once, and a clear error for a folder
 * that is missing or a file. On real temporary folders.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ConfigurationError } from '../../../src/core';
import { findSkillFolders, walkFolder } from '../../../src/registry/skills/walk';
import { folder, removeFolders } from './helpers';

afterAll(removeFolders);

const rels = (root: string) => walkFolder(root, 'x').files.map((file) => file.rel);

test('every file, sorted by its /-separated path, with its real path on disk', () => {
  const root = folder({
    'b.md': 'b',
    'SKILL.md': 's',
    'a/z.txt': 'z',
    'a/b/c.md': 'c',
    'a-b': 'x',
  });
  const walk = walkFolder(root, 'x');
  expect(walk.files.map((file) => file.rel)).toEqual([
    'SKILL.md',
    'a-b',
    'a/b/c.md',
    'a/z.txt',
    'b.md',
  ]);
  expect(walk.files[2]!.abs).toBe(join(walk.folders[0]!, 'a', 'b', 'c.md'));
  expect(walk.folders.map((path) => path.slice(walk.folders[0]!.length))).toEqual([
    '',
    '/a',
    '/a/b',
  ]);
});

test('names beginning with a dot are not part of a skill, nor what is under them', () => {
  const root = folder({ 'SKILL.md': 's', '.env': 'secret', '.git/config': 'x', 'a/.hidden': 'h' });
  expect(rels(root)).toEqual(['SKILL.md']);
});

test('a link inside the folder is followed; out of it, or broken, it is skipped; a loop is walked once', () => {
  const outside = folder({ 'secret.txt': 'no' }, 'outside');
  const root = folder({ 'SKILL.md': 's', 'docs/guide.md': 'g' });
  symlinkSync(join(root, 'docs', 'guide.md'), join(root, 'alias.md'));
  symlinkSync(join(root, 'docs'), join(root, 'more'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'leak.txt'));
  symlinkSync(outside, join(root, 'leak'));
  symlinkSync(join(root, 'nowhere'), join(root, 'broken.md'));
  symlinkSync(root, join(root, 'docs', 'loop'));
  const walk = walkFolder(root, 'x');
  // `more` is `docs` again: that folder is walked once, under whichever name comes first.
  expect(walk.files.map((file) => file.rel)).toEqual(['SKILL.md', 'alias.md', 'docs/guide.md']);
  expect(walk.files[1]!.abs).toBe(walk.files[2]!.abs);
  expect(walk.folders).toHaveLength(2);
});

test('a missing folder, or a file, is a ConfigurationError that says what to do', () => {
  const root = folder({ 'SKILL.md': 's' });
  expect(() => walkFolder(join(root, 'nope'), 'pdf')).toThrow(
    new ConfigurationError(
      `Skill pdf: the folder ${join(root, 'nope')} does not exist. Point "dir" at a folder holding SKILL.md (a relative path is taken from the working directory).`,
    ),
  );
  expect(() => walkFolder(join(root, 'SKILL.md'), 'pdf')).toThrow(
    new ConfigurationError(
      `Skill pdf: ${join(root, 'SKILL.md')} is not a folder. Point "dir" at the skill's folder.`,
    ),
  );
});

test('findSkillFolders: the folders holding a SKILL.md, the root as ""', () => {
  const root = folder({
    'SKILL.md': 's',
    'pdf/SKILL.md': 's',
    'pdf/ref/SKILL.md': 's',
    'notes/README.md': 'r',
    'x/NOT-SKILL.md': 'n',
  });
  expect(findSkillFolders(root, 'x')).toEqual(['', 'pdf', 'pdf/ref']);
});

test('property: the walk lists exactly the files written, without dot-names, sorted', () => {
  const segment = fc.stringMatching(/^\.?[a-z][a-z0-9]{0,3}$/);
  const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
  fc.assert(
    fc.property(fc.uniqueArray(path, { maxLength: 8 }), (paths) => {
      // A path that is a prefix folder of another cannot also be a file.
      const files = paths.filter((p) => !paths.some((q) => q.startsWith(`${p}/`)));
      const root = folder(Object.fromEntries(files.map((p) => [p, p])));
      mkdirSync(join(root, 'empty'), { recursive: true });
      const expected = files
        .filter((p) => !p.split('/').some((part) => part.startsWith('.')))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(rels(root)).toEqual(expected);
    }),
    { numRuns: 40 },
  );
});
