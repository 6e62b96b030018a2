/**
 * The skill set (src/registry/skills/skill-set.ts): the Skills extension served in process, in both revisions (the testing kit): skills/list pages
 * and their digests recomputed from the files, skills/get, directory reads, file reads (text and
 * blob), dotfiles and links, scopes, enable/disable with list_changed, dynamic and in-memory
 * skills, and digests that follow a changed file.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpApplication, Skill, SkillFile } from 'declarative-mcp';
import { connect, McpClientError, type TestClient } from 'declarative-mcp/testing';
import type { SkillEntry } from '../../../src/core';
import { folder, removeFolders, skillMd } from './helpers';

afterAll(removeFolders);

const sha = (data: string | Uint8Array) =>
  `sha256:${createHash('sha256').update(data).digest('hex')}`;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff]);

/** skills/pdf (files, a subfolder, a binary, a dotfile, links in and out), skills/team/git. */
function layout(): string {
  const outside = folder({ 'secret.txt': 'not for you' }, 'outside');
  const root = folder({
    'pdf/SKILL.md': skillMd('name: pdf\ndescription: PDF work\nlicense: MIT\nmetadata:\n  v: "1"'),
    'pdf/references/FORMS.md': '# Forms\n',
    'pdf/images/logo.png': PNG,
    'pdf/.hidden': 'never served',
    'team/git/SKILL.md': skillMd('name: git\ndescription: Git habits'),
  });
  symlinkSync(join(outside, 'secret.txt'), join(root, 'pdf', 'leak.txt'));
  symlinkSync(join(root, 'pdf', 'references', 'FORMS.md'), join(root, 'pdf', 'forms-link.md'));
  return root;
}

@Skill({
  name: 'report',
  description: 'Daily report',
  dynamic: true,
  frontmatter: { license: 'MIT' },
})
class Report {
  @SkillFile('SKILL.md') md() {
    return 'Read data/today.csv.\n';
  }
  @SkillFile('data/today.csv') csv(context: { day?: string }) {
    return `day\n${context?.day ?? 'monday'}`;
  }
}

function app(root: string, pageSize = 100) {
  return McpApplication.create({
    name: 't',
    version: '1',
    providers: [Report],
    skills: [
      { root },
      {
        files: { 'SKILL.md': skillMd('name: notes\ndescription: Notes'), 'a.txt': 'a' },
        prefix: 'mem',
        scopes: ['notes:read'],
      },
    ],
    skillPageSize: pageSize,
    listChanged: true,
  });
}

async function failure(promise: Promise<unknown>): Promise<McpClientError> {
  try {
    await promise;
  } catch (error) {
    return error as McpClientError;
  }
  throw new Error('expected the request to fail');
}

async function allSkills(client: TestClient): Promise<{ entries: SkillEntry[]; pages: number }> {
  const entries: SkillEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = (await client.request('skills/list', cursor ? { cursor } : {})) as {
      skills: SkillEntry[];
      nextCursor?: string;
    };
    entries.push(...page.skills);
    cursor = page.nextCursor;
    pages++;
    if (pages > 10) throw new Error('skills/list did not end in 10 pages');
  } while (cursor !== undefined);
  return { entries, pages };
}

describe.each(['2025-11-25', '2026-07-28'])('skills in %s', (protocolVersion) => {
  const modern = protocolVersion === '2026-07-28';
  let root: string;
  let client: TestClient;
  beforeAll(async () => {
    root = layout();
    client = await connect(app(root, 2), { scopes: ['notes:read'] }, { protocolVersion });
  });
  afterAll(() => client.close());

  it('declares the extension with directoryRead, beside resources', async () => {
    const capabilities = modern
      ? ((await client.discover()).capabilities as Record<string, unknown>)
      : await client
          .request('initialize', {
            protocolVersion,
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          })
          .then((r) => (r as { capabilities: Record<string, unknown> }).capabilities);
    expect(capabilities.extensions).toEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
    expect(capabilities.resources).toBeDefined();
  });

  it('lists every skill in whole entries over pages, digests and sizes of the bytes on disk', async () => {
    const { entries, pages } = await allSkills(client);
    expect(pages).toBe(2);
    expect(entries.map((e) => e.uri)).toEqual([
      'skill://report/SKILL.md',
      'skill://pdf/SKILL.md',
      'skill://team/git/SKILL.md',
      'skill://mem/notes/SKILL.md',
    ]);
    const pdf = entries[1]!;
    expect(pdf.frontmatter).toEqual({
      name: 'pdf',
      description: 'PDF work',
      license: 'MIT',
      metadata: { v: '1' },
    });
    const files = pdf.resources as Array<{ uri: string; digest: string; size: number }>;
    // No dotfile, no link out of the folder; the link inside is a file of its own.
    expect(files.map((f) => f.uri)).toEqual([
      'skill://pdf/SKILL.md',
      'skill://pdf/forms-link.md',
      'skill://pdf/images/logo.png',
      'skill://pdf/references/FORMS.md',
    ]);
    for (const file of files) {
      const bytes = readFileSync(join(root, 'pdf', file.uri.slice('skill://pdf/'.length)));
      expect(file).toEqual({ uri: file.uri, digest: sha(bytes), size: bytes.byteLength });
    }
    expect(entries[0]!.resources).toBe('dynamic');
  });

  it('carries ttlMs and cacheScope in 2026-07-28 only (private: a skill has scopes)', async () => {
    const page = (await client.request('skills/list', {})) as Record<string, unknown>;
    if (modern) expect(page).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    else expect(page.ttlMs).toBeUndefined();
  });

  it('reads every listed file, matching its digest: text as text, the PNG as a blob', async () => {
    const { entries } = await allSkills(client);
    for (const entry of entries.filter((e) => Array.isArray(e.resources))) {
      for (const file of entry.resources as Array<{ uri: string; digest: string; size: number }>) {
        const [content] = (await client.readResource(file.uri)) as unknown as Array<
          Record<string, string>
        >;
        const bytes =
          content!.text !== undefined
            ? Buffer.from(content!.text, 'utf8')
            : Buffer.from(content!.blob!, 'base64');
        expect(sha(bytes)).toBe(file.digest);
        expect(bytes.byteLength).toBe(file.size);
      }
    }
    const [png] = (await client.readResource('skill://pdf/images/logo.png')) as unknown as Array<
      Record<string, string>
    >;
    expect(png).toEqual({
      uri: 'skill://pdf/images/logo.png',
      mimeType: 'image/png',
      blob: Buffer.from(PNG).toString('base64'),
    });
    const [md] = await client.readResource('skill://pdf/SKILL.md');
    expect(md).toMatchObject({ mimeType: 'text/markdown' });
  });

  it('gets a skill by its SKILL.md URI; -32602 for an unknown one or another file', async () => {
    const got = (await client.request('skills/get', { uri: 'skill://team/git/SKILL.md' })) as {
      skill: SkillEntry;
      nextCursor?: string;
    };
    expect(got.skill.frontmatter).toEqual({ name: 'git', description: 'Git habits' });
    expect(got.nextCursor).toBeUndefined();
    for (const uri of ['skill://nope/SKILL.md', 'skill://pdf/references/FORMS.md', 'skill://pdf']) {
      expect(await failure(client.request('skills/get', { uri }))).toMatchObject({ code: -32602 });
    }
    expect(await failure(client.request('skills/list', { cursor: 'zz' }))).toMatchObject({
      code: -32602,
    });
  });

  it('reads directories: direct children, subfolders as inode/directory without a trailing slash', async () => {
    const read = (uri: string, cursor?: string) =>
      client.request('resources/directory/read', cursor ? { uri, cursor } : { uri }) as Promise<{
        resources: Array<Record<string, unknown>>;
        nextCursor?: string;
      }>;
    const first = await read('skill://pdf');
    expect(first.resources.map((r) => [r.uri, r.mimeType])).toEqual([
      ['skill://pdf/SKILL.md', 'text/markdown'],
      ['skill://pdf/forms-link.md', 'text/markdown'],
    ]);
    const second = await read('skill://pdf', first.nextCursor);
    expect(second.resources.map((r) => [r.uri, r.mimeType])).toEqual([
      ['skill://pdf/images', 'inode/directory'],
      ['skill://pdf/references', 'inode/directory'],
    ]);
    expect((await read('skill://pdf/references')).resources).toEqual([
      {
        uri: 'skill://pdf/references/FORMS.md',
        name: 'FORMS.md',
        mimeType: 'text/markdown',
        size: 8,
      },
    ]);
    expect((await read('skill://team')).resources).toEqual([
      { uri: 'skill://team/git', name: 'git', mimeType: 'inode/directory' },
    ]);
    for (const uri of ['skill://pdf/SKILL.md', 'skill://pdf/missing', 'skill://nowhere']) {
      expect(await failure(read(uri))).toMatchObject({ code: -32602 });
    }
  });

  it('generates a dynamic skill per read: SKILL.md frontmatter equal to its entry', async () => {
    const [md] = (await client.readResource('skill://report/SKILL.md')) as Array<{
      text: string;
    }>;
    expect(md!.text).toBe(
      '---\nname: report\ndescription: Daily report\nlicense: MIT\n---\n\nRead data/today.csv.\n',
    );
    const [csv] = (await client.readResource('skill://report/data/today.csv')) as Array<{
      text: string;
    }>;
    expect(csv!.text).toBe('day\nmonday');
  });

  it('a skill with scopes is unseen and unknown to a caller without them', async () => {
    const stranger = await connect(app(root), { scopes: [] }, { protocolVersion });
    const { entries } = await allSkills(stranger);
    expect(entries.map((e) => e.uri)).not.toContain('skill://mem/notes/SKILL.md');
    expect(
      await failure(stranger.request('skills/get', { uri: 'skill://mem/notes/SKILL.md' })),
    ).toMatchObject({ code: -32602 });
    await expect(stranger.readResource('skill://mem/notes/a.txt')).rejects.toBeInstanceOf(
      McpClientError,
    );
    stranger.close();
  });
});

it.each(['2025-11-25', '2026-07-28'])(
  '%s: disable and enable send resources list_changed, and the lists follow',
  async (protocolVersion) => {
    const application = app(layout());
    const client = await connect(application, { scopes: ['notes:read'] }, { protocolVersion });
    const subscription = await client.listen({ resourcesListChanged: true });
    application.disable('team/git', 'skill');
    expect((await allSkills(client)).entries.map((e) => e.uri)).not.toContain(
      'skill://team/git/SKILL.md',
    );
    expect((await client.listResources()).map((r) => r.uri)).not.toContain(
      'skill://team/git/SKILL.md',
    );
    expect(
      await failure(client.request('skills/get', { uri: 'skill://team/git/SKILL.md' })),
    ).toMatchObject({ code: -32602 });
    application.enable('team/git', 'skill');
    expect((await allSkills(client)).entries.map((e) => e.uri)).toContain(
      'skill://team/git/SKILL.md',
    );
    const methods: unknown[] = [];
    for await (const message of subscription) {
      methods.push(message.method);
      if (methods.length === 2) await subscription.close();
    }
    expect(methods).toEqual([
      'notifications/resources/list_changed',
      'notifications/resources/list_changed',
    ]);
    expect(() => application.disable('no/such', 'skill')).toThrow('No skill "no/such"');
    client.close();
  },
);

it('computes digests again after a file changes', async () => {
  const root = layout();
  const client = await connect(app(root), { scopes: [] });
  const digestOf = async () => {
    const { skill } = (await client.request('skills/get', { uri: 'skill://pdf/SKILL.md' })) as {
      skill: SkillEntry;
    };
    return (skill.resources as Array<{ uri: string; digest: string }>).find((r) =>
      r.uri.endsWith('FORMS.md'),
    )!.digest;
  };
  expect(await digestOf()).toBe(sha('# Forms\n'));
  writeFileSync(join(root, 'pdf', 'references', 'FORMS.md'), '# Forms, second edition\n');
  // The folder's watcher marks the skill stale; each look is bounded, 200 of them at most.
  let digest = await digestOf();
  for (let i = 0; i < 200 && digest === sha('# Forms\n'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    digest = await digestOf();
  }
  expect(digest).toBe(sha('# Forms, second edition\n'));
  const [read] = (await client.readResource('skill://pdf/references/FORMS.md')) as Array<{
    text: string;
  }>;
  expect(read!.text).toBe('# Forms, second edition\n');
  client.close();
});
