/**
 * What a server declares of itself (src/core/declaration.ts), once its options are checked:
 * serverInfo, the capabilities `initialize` answers and those `server/discover` answers — a
 * family counts only with all its functions; a task family declares 2025 capabilities and
 * 2026-07-28 extensions apart; skills are an extension in both, and need resources.
 */
import { declaration } from '../../src/core/declaration';
import { ConfigurationTypeError } from '../../src/core/errors';
import type { MethodFamily } from '../../src/core/methods/family';
import type { McpCoreOptions } from '../../src/core/options';
import type { SkillHost } from '../../src/core/skills';

const base: McpCoreOptions = {
  name: 's',
  version: '1.0.0',
  lister: () => [],
  caller: () => ({ content: [] }),
};
const fn = () => [];
const family = {
  capabilities: { tasks: { list: {} } },
  extensions: { 'io.modelcontextprotocol/tasks': {} },
  register: () => {},
} as unknown as MethodFamily;
const skills = {} as SkillHost<unknown>;
const SKILLS = { 'io.modelcontextprotocol/skills': { directoryRead: true } };

test('the least a server declares: its name and version, and tools', () => {
  const { serverInfo, capabilities, discovered, skills } = declaration(base);
  expect(serverInfo).toEqual({ name: 's', version: '1.0.0' });
  expect(capabilities).toEqual({ tools: { listChanged: false } });
  expect(discovered).toEqual(capabilities);
  expect(discovered).not.toBe(capabilities);
  expect(skills).toBeUndefined();
});

test('serverInfo carries title and icons when given, in that order', () => {
  const icons = [{ src: 'https://x/icon.png' }];
  const { serverInfo } = declaration({ ...base, title: 'S', icons });
  expect(Object.entries(serverInfo)).toEqual([
    ['name', 's'],
    ['version', '1.0.0'],
    ['title', 'S'],
    ['icons', icons],
  ]);
});

test('every family, in order, when all its functions are given', () => {
  const { capabilities } = declaration({
    ...base,
    resources: fn,
    reader: fn,
    prompts: fn,
    prompter: fn,
    completer: fn,
    listChanged: true,
    subscriptions: true,
    logging: true,
  });
  expect(Object.entries(capabilities)).toEqual([
    ['tools', { listChanged: true }],
    ['resources', { listChanged: true, subscribe: true }],
    ['prompts', { listChanged: true }],
    ['logging', {}],
    ['completions', {}],
  ]);
});

test('a family without all its functions is not declared; subscriptions need resources', () => {
  const { capabilities } = declaration({
    ...base,
    resources: fn,
    prompter: fn,
    subscriptions: true,
    logging: false,
  });
  expect(capabilities).toEqual({ tools: { listChanged: false } });
  const read = declaration({ ...base, resources: fn, reader: fn }).capabilities;
  expect(read.resources).toEqual({ listChanged: false, subscribe: false });
});

test('a task family: capabilities at initialize, extensions at server/discover', () => {
  const { capabilities, discovered } = declaration({ ...base, tasks: family });
  expect(capabilities).toEqual({ tools: { listChanged: false }, tasks: { list: {} } });
  expect(discovered).toEqual({
    tools: { listChanged: false },
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  });
});

test('skills: an extension in both answers, with the task family beside it; served with resources only', () => {
  const served = declaration({ ...base, resources: fn, reader: fn, skills, tasks: family });
  expect(served.skills).toBe(skills);
  expect(served.capabilities.extensions).toEqual(SKILLS);
  expect(served.discovered.extensions).toEqual({
    'io.modelcontextprotocol/tasks': {},
    ...SKILLS,
  });
  const alone = declaration({ ...base, resources: fn, reader: fn, skills });
  expect(alone.discovered.extensions).toEqual(SKILLS);
  const none = declaration({ ...base, skills });
  expect(none.skills).toBeUndefined();
  expect(none.capabilities.extensions).toBeUndefined();
});

test('options a server cannot declare are refused, each with its reason', () => {
  const refused = (options: unknown) => () => declaration(options as McpCoreOptions);
  expect(refused(undefined)).toThrow(
    new ConfigurationTypeError('McpCore: options must be an object.'),
  );
  expect(refused({ ...base, version: 1 })).toThrow(
    'McpCore: "name" and "version" must be strings (sent as serverInfo).',
  );
  expect(refused({ ...base, name: undefined })).toThrow(
    'McpCore: "name" and "version" must be strings (sent as serverInfo).',
  );
  expect(refused({ ...base, caller: 'x' })).toThrow(
    'McpCore: "lister" and "caller" must be functions.',
  );
  expect(refused({ ...base, lister: undefined })).toThrow(ConfigurationTypeError);
});
