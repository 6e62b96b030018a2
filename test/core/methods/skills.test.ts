/** The Skills extension's methods (SEP-2640): skills/list, skills/get, resources/directory/read. */
import { Fault } from '../../../src/core/errors';
import { registerSkills } from '../../../src/core/methods/skills';
import type { SkillEntry, SkillHost } from '../../../src/core/skills';
import { invalid, methodTable, modern, SERVER_INFO_META } from './harness';

const ENTRY: SkillEntry = {
  uri: 'skill://weather/SKILL.md',
  frontmatter: { name: 'weather' },
  resources: [{ uri: 'skill://weather/SKILL.md', digest: 'sha256:00', size: 3 }],
};

function setup() {
  const asked: unknown[][] = [];
  const host: SkillHost<string> = {
    list: (cursor, context) => {
      asked.push(['list', cursor, context]);
      return cursor === undefined ? { items: [ENTRY], nextCursor: 'p2' } : { items: [] };
    },
    get: (uri, context) => {
      asked.push(['get', uri, context]);
      if (uri !== ENTRY.uri) throw new Fault(-32602, `Unknown skill: ${uri}`);
      return ENTRY;
    },
    directory: (uri, cursor, context) => {
      asked.push(['directory', uri, cursor, context]);
      return { items: [{ uri: `${uri}/a.md`, name: 'a.md' }] };
    },
  };
  const { table, ask } = methodTable({ cache: { ttlMs: 1000, scope: 'public' } });
  registerSkills(table, host);
  return { ask, asked };
}

describe('registerSkills', () => {
  it('skills/list: a page with its next cursor, the cursor passed on', async () => {
    const { ask, asked } = setup();
    expect((await ask('skills/list')).result).toEqual({ skills: [ENTRY], nextCursor: 'p2' });
    expect((await ask('skills/list', { cursor: 'p2' })).result).toEqual({ skills: [] });
    expect(asked).toEqual([
      ['list', undefined, 'ctx'],
      ['list', 'p2', 'ctx'],
    ]);
  });

  it('skills/get: the entry; 2026-07-28 hints it as a single result', async () => {
    const { ask } = setup();
    expect((await ask('skills/get', { uri: ENTRY.uri })).result).toEqual({ skill: ENTRY });
    expect((await ask('skills/get', { uri: ENTRY.uri }, modern())).result).toEqual({
      skill: ENTRY,
      resultType: 'complete',
      _meta: SERVER_INFO_META,
      ttlMs: 1000,
      cacheScope: 'public',
    });
    expect((await ask('skills/get', { uri: 'skill://x' })).error).toEqual({
      code: -32602,
      message: 'Unknown skill: skill://x',
    });
  });

  it('resources/directory/read: a page of children with uri and cursor', async () => {
    const { ask, asked } = setup();
    expect(
      (await ask('resources/directory/read', { uri: 'skill://weather', cursor: 'c' })).result,
    ).toEqual({ resources: [{ uri: 'skill://weather/a.md', name: 'a.md' }] });
    expect(asked).toEqual([['directory', 'skill://weather', 'c', 'ctx']]);
  });

  it('a cursor that is not a string, or a bad uri: -32602 before the host is asked', async () => {
    const { ask, asked } = setup();
    expect((await ask('skills/list', { cursor: 2 })).error).toEqual(
      invalid('skills/list: "cursor" must be a string'),
    );
    expect((await ask('resources/directory/read', { uri: 'skill://w', cursor: {} })).error).toEqual(
      invalid('resources/directory/read: "cursor" must be a string'),
    );
    expect((await ask('resources/directory/read', {})).error).toEqual(
      invalid('resources/directory/read: "uri" must be a non-empty string'),
    );
    expect((await ask('skills/get', { uri: '' })).error).toEqual(
      invalid('skills/get: "uri" must be a non-empty string'),
    );
    expect(asked).toEqual([]);
  });
});
