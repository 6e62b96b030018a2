/**
 * The Skills extension (SEP-2640) of build/examples/skills.js, driven by the official SDK v2
 * client (`@modelcontextprotocol/client` 2.4.0) over stdio and Streamable HTTP, in 2025-11-25
 * (initialize) and pinned to 2026-07-28: digests recomputed from the files in examples/skills,
 * frontmatter verbatim, every listed file read back against its digest, -32602 for an unknown
 * skill, directory reads, and a skill turned off and on with `list_changed` and the list following.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parse } from 'yaml';
import { z } from 'zod';
import { environment, example, type Launched, launch } from './examples';

const SKILLS = join(__dirname, '..', '..', 'examples', 'skills');
/** Where a folder skill of the example lives on disk, by its path. */
const FOLDERS: Record<string, string> = {
  'pdf-processing': join(SKILLS, 'pdf-processing'),
  'acme/billing/refunds': join(SKILLS, 'catalog', 'acme', 'billing', 'refunds'),
  'git-workflow': join(SKILLS, 'catalog', 'git-workflow'),
};

type Mode = 'legacy' | '2026-07-28';
type Via = 'stdio' | 'http';
interface Entry {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: Array<{ uri: string; digest: string; size: number }> | 'dynamic';
}

const ANY = z.record(z.string(), z.unknown());
const sha = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

let server: Launched;
let url: string;

beforeAll(async () => {
  server = launch(example('skills'), ['--http', '--port', '0']);
  url = (await server.waitFor(/listening (http:\/\/\S+)/))[1]!;
}, 20_000);

afterAll(async () => {
  await server?.stop();
});

describe.each<[Via, Mode]>([
  ['stdio', 'legacy'],
  ['stdio', '2026-07-28'],
  ['http', 'legacy'],
  ['http', '2026-07-28'],
])('over %s, %s', (via, mode) => {
  let client: Client;
  const changes: string[] = [];
  let changed: () => void = () => undefined;

  beforeAll(async () => {
    client = new Client(
      { name: 'skills-e2e', version: '1.0.0' },
      { versionNegotiation: { mode: mode === 'legacy' ? 'legacy' : { pin: mode } } },
    );
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      changes.push('resources');
      changed();
    });
    await client.connect(
      via === 'http'
        ? new StreamableHTTPClientTransport(new URL(url))
        : new StdioClientTransport({
            command: process.execPath,
            args: [example('skills')],
            env: environment() as Record<string, string>,
            stderr: 'pipe',
          }),
    );
  }, 20_000);

  afterAll(async () => {
    await client?.close();
  });

  const request = (method: string, params: Record<string, unknown>) =>
    client.request({ method, params } as never, ANY) as Promise<Record<string, unknown>>;

  async function list(): Promise<Entry[]> {
    const entries: Entry[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await request('skills/list', cursor ? { cursor } : {});
      entries.push(...(result.skills as Entry[]));
      cursor = result.nextCursor as string | undefined;
      if (cursor === undefined) return entries;
    }
    throw new Error('skills/list did not end in 10 pages');
  }

  it('declares the extension with directoryRead', () => {
    const capabilities = client.getServerCapabilities() as Record<string, unknown>;
    expect(capabilities.extensions).toEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
  });

  it('lists digests and sizes of the files on disk, and frontmatter as the file has it', async () => {
    const entries = await list();
    expect(entries[0]!.uri).toBe('skill://pdf-processing/SKILL.md');
    for (const entry of entries) {
      const path = entry.uri.slice('skill://'.length, -'/SKILL.md'.length);
      const dir = FOLDERS[path];
      if (dir === undefined) {
        expect(entry.resources).toBe('dynamic');
        continue;
      }
      const text = readFileSync(join(dir, 'SKILL.md'), 'utf8');
      expect(entry.frontmatter).toEqual(parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]!));
      for (const file of entry.resources as Exclude<Entry['resources'], 'dynamic'>) {
        const bytes = readFileSync(join(dir, file.uri.slice(`skill://${path}/`.length)));
        expect(file).toEqual({ uri: file.uri, digest: sha(bytes), size: bytes.byteLength });
      }
    }
    expect(entries.map((e) => e.uri).sort()).toEqual([
      'skill://acme/billing/refunds/SKILL.md',
      'skill://git-workflow/SKILL.md',
      'skill://pdf-processing/SKILL.md',
      'skill://reports/daily-report/SKILL.md',
    ]);
  });

  it('reads every listed file back, matching its digest; SKILL.md as text/markdown', async () => {
    for (const entry of await list()) {
      if (entry.resources === 'dynamic') continue;
      for (const file of entry.resources) {
        const { contents } = await client.readResource({ uri: file.uri });
        const item = contents[0] as { text?: string; blob?: string; mimeType?: string };
        const bytes =
          item.text !== undefined
            ? Buffer.from(item.text, 'utf8')
            : Buffer.from(item.blob!, 'base64');
        expect(sha(bytes)).toBe(file.digest);
        if (file.uri === entry.uri) expect(item.mimeType).toBe('text/markdown');
      }
    }
  });

  it('gets a skill by URI; an unknown one is -32602', async () => {
    const got = await request('skills/get', { uri: 'skill://acme/billing/refunds/SKILL.md' });
    expect((got.skill as Entry).frontmatter.name).toBe('refunds');
    await expect(request('skills/get', { uri: 'skill://nope/SKILL.md' })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('reads directories: children, subfolders as inode/directory, -32602 for a file', async () => {
    const root = await request('resources/directory/read', {
      uri: 'skill://pdf-processing/templates',
    });
    expect(root.resources).toEqual([
      expect.objectContaining({
        uri: 'skill://pdf-processing/templates/invoice.md',
        mimeType: 'text/markdown',
      }),
      {
        uri: 'skill://pdf-processing/templates/regional',
        name: 'regional',
        mimeType: 'inode/directory',
      },
    ]);
    await expect(
      request('resources/directory/read', { uri: 'skill://pdf-processing/SKILL.md' }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('a skill turned off and on: list_changed each time, and the list follows', async () => {
    const subscription =
      mode === 'legacy' ? undefined : await client.listen({ resourcesListChanged: true });
    const twice = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`2 list_changed expected in 10 s, got ${changes.length}`)),
        10_000,
      );
      changed = () => {
        if (changes.length >= 2) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    const toggle = (enabled: boolean) =>
      client.callTool({ name: 'set_skill', arguments: { path: 'git-workflow', enabled } });
    await toggle(false);
    expect((await list()).map((e) => e.uri)).not.toContain('skill://git-workflow/SKILL.md');
    await toggle(true);
    expect((await list()).map((e) => e.uri)).toContain('skill://git-workflow/SKILL.md');
    await twice;
    expect(changes).toEqual(['resources', 'resources']);
    await subscription?.close();
  });
});
