/**
 * The devtools serve the framework's documentation as agent skills (SEP-2640) under
 * skill://declarative-mcp/…, in both revisions: each SKILL.md is a docs page under frontmatter
 * equal to its entry, its references are the pages themselves, and every digest matches.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDevtools } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { parse } from 'yaml';
import type { SkillEntry } from '../../src/core';

const DOCS = join(__dirname, '..', '..', 'docs');
const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe.each(['2025-11-25', '2026-07-28'])('devtools skills in %s', (protocolVersion) => {
  let client: TestClient;
  let skills: SkillEntry[];
  beforeAll(async () => {
    client = await connect(createDevtools(), undefined, { protocolVersion });
    skills = ((await client.request('skills/list', {})) as { skills: SkillEntry[] }).skills;
  });
  afterAll(() => client.close());

  it('lists the guide, decorators, testing, scale-out and transports skills', () => {
    expect(skills.map((s) => s.uri)).toEqual(
      ['guide', 'decorators', 'testing', 'scale-out', 'transports'].map(
        (name) => `skill://declarative-mcp/${name}/SKILL.md`,
      ),
    );
  });

  it('each SKILL.md carries its entry frontmatter and its page; references are the pages', async () => {
    for (const skill of skills) {
      const files = skill.resources as Array<{ uri: string; digest: string; size: number }>;
      for (const file of files) {
        const [content] = (await client.readResource(file.uri)) as Array<{ text: string }>;
        expect(sha(content!.text)).toBe(file.digest);
        expect(Buffer.byteLength(content!.text)).toBe(file.size);
        if (file.uri === skill.uri) {
          const block = /^---\n([\s\S]*?)\n---\n/.exec(content!.text)![1]!;
          expect(parse(block)).toEqual(skill.frontmatter);
        } else {
          const page = file.uri.slice(file.uri.lastIndexOf('/') + 1);
          expect(content!.text).toBe(readFileSync(join(DOCS, page), 'utf8'));
        }
      }
    }
    const [guide] = (await client.readResource('skill://declarative-mcp/guide/SKILL.md')) as Array<{
      text: string;
    }>;
    expect(guide!.text).toContain(readFileSync(join(DOCS, 'guide.md'), 'utf8').trimEnd());
    expect(guide!.text).toContain('`references/getting-started.md`');
  });

  it('reads the skill folders: references as a subfolder', async () => {
    const read = (await client.request('resources/directory/read', {
      uri: 'skill://declarative-mcp/decorators',
    })) as { resources: Array<{ uri: string; mimeType: string }> };
    expect(read.resources).toContainEqual(
      expect.objectContaining({
        uri: 'skill://declarative-mcp/decorators/references',
        mimeType: 'inode/directory',
      }),
    );
  });
});
