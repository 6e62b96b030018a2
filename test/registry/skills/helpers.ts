/** Temporary skill folders for the skills tests, removed after each file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigurationError } from '../../../src/core';

const made: string[] = [];

/** A fresh folder holding `files` (path → content); returns its path. */
export function folder(files: Record<string, string | Uint8Array>, name = 'skills'): string {
  const root = join(mkdtempSync(join(tmpdir(), 'dmcp-skills-')), name);
  made.push(dirname(root));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** A SKILL.md with this frontmatter text and a body. */
export function skillMd(frontmatter: string, body = 'Do the thing.\n'): string {
  return `---\n${frontmatter}\n---\n\n${body}`;
}

export function removeFolders(): void {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
}

/** The message of the ConfigurationError `run` throws (fails the test when it throws none). */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
}
