/**
 * Introspection as plain functions over `describe()` and the core's server info: what
 * describe_application, describe_provider and describe_definition are built from.
 */
import {
  describeApplication,
  describeProvider,
  findDefinitions,
  type IntrospectableApplication,
  providersOf,
} from '../../src/devtools/introspect';
import type { DefinitionInfo } from '../../src/registry';

const INFOS: DefinitionInfo[] = [
  {
    kind: 'tool',
    key: 'forecast',
    definition: { name: 'forecast', inputSchema: { type: 'object' } },
    provider: 'WeatherTools',
    method: 'forecast',
    scopes: [],
    enabled: true,
  },
  {
    kind: 'resource',
    key: 'notes://index',
    definition: { uri: 'notes://index', name: 'index' },
    provider: 'Notes',
    method: 'index',
    scopes: ['notes:read'],
    enabled: true,
  },
  {
    kind: 'template',
    key: 'notes://{slug}',
    definition: { uriTemplate: 'notes://{slug}', name: 'note' },
    provider: 'Notes',
    method: 'note',
    scopes: [],
    enabled: false,
  },
  {
    kind: 'prompt',
    key: 'summarize',
    definition: { name: 'summarize' },
    provider: 'WeatherTools',
    method: 'summarize',
    scopes: [],
    enabled: true,
  },
  {
    kind: 'skill',
    key: 'notes/SKILL.md',
    definition: { uri: 'skill://notes/SKILL.md' },
    provider: 'Skills',
    method: 'notes',
    scopes: [],
    enabled: true,
  },
];

/** The tool as described: its definition, then where it comes from. */
const FORECAST = {
  name: 'forecast',
  inputSchema: { type: 'object' },
  provider: 'WeatherTools',
  method: 'forecast',
  scopes: [],
  enabled: true,
};

function app(more: Partial<IntrospectableApplication> = {}): IntrospectableApplication {
  return {
    describe: () => INFOS,
    core: { name: 'weather', version: '1.2.3', capabilities: { tools: {} } },
    ...more,
  };
}

test('describeApplication: server info, transports, providers once each, every kind listed', () => {
  expect(describeApplication(app(), ['stdio'], undefined)).toEqual({
    server: { name: 'weather', version: '1.2.3', capabilities: { tools: {} }, instructions: false },
    transports: ['stdio'],
    providers: ['WeatherTools', 'Notes', 'Skills'],
    tools: [FORECAST],
    resources: [
      {
        uri: 'notes://index',
        name: 'index',
        provider: 'Notes',
        method: 'index',
        scopes: ['notes:read'],
        enabled: true,
      },
    ],
    resourceTemplates: [
      {
        uriTemplate: 'notes://{slug}',
        name: 'note',
        provider: 'Notes',
        method: 'note',
        scopes: [],
        enabled: false,
      },
    ],
    prompts: [
      {
        name: 'summarize',
        provider: 'WeatherTools',
        method: 'summarize',
        scopes: [],
        enabled: true,
      },
    ],
    skills: [
      {
        uri: 'skill://notes/SKILL.md',
        provider: 'Skills',
        method: 'notes',
        scopes: [],
        enabled: true,
      },
    ],
  });
});

test('describeApplication: instructions as a flag, the framework and the note when there are some', () => {
  const described = describeApplication(
    app({
      core: { name: 'n', version: '1', capabilities: {}, instructions: 'Read me.' },
      framework: { name: 'nestjs' },
    }),
    [],
    'A note.',
  );
  expect(described.server).toMatchObject({ instructions: true });
  expect(described.framework).toEqual({ name: 'nestjs' });
  expect(described.note).toBe('A note.');
  expect(Object.keys(described)).toEqual([
    'server',
    'transports',
    'providers',
    'framework',
    'note',
    'tools',
    'resources',
    'resourceTemplates',
    'prompts',
    'skills',
  ]);
});

test('an application with nothing: empty lists, no framework or note keys', () => {
  const described = describeApplication(app({ describe: () => [] }), ['http'], undefined);
  expect(described).toMatchObject({ providers: [], tools: [], skills: [] });
  expect('framework' in described).toBe(false);
  expect('note' in described).toBe(false);
});

test('providersOf groups by class in registration order; describeProvider lists what each method registers', () => {
  const providers = providersOf(app());
  expect([...providers.keys()]).toEqual(['WeatherTools', 'Notes', 'Skills']);
  expect(providers.get('WeatherTools')!.map((i) => i.key)).toEqual(['forecast', 'summarize']);
  expect(describeProvider('Notes', providers.get('Notes')!)).toEqual({
    provider: 'Notes',
    methods: [
      {
        method: 'index',
        registers: 'resource',
        key: 'notes://index',
        scopes: ['notes:read'],
        enabled: true,
        definition: { uri: 'notes://index', name: 'index' },
      },
      {
        method: 'note',
        registers: 'template',
        key: 'notes://{slug}',
        scopes: [],
        enabled: false,
        definition: { uriTemplate: 'notes://{slug}', name: 'note' },
      },
    ],
  });
});

describe('findDefinitions', () => {
  test('by exact key: a name, a URI, a template', () => {
    expect(findDefinitions(app(), 'forecast')).toEqual([
      {
        kind: 'tool',
        definition: FORECAST,
      },
    ]);
    expect(findDefinitions(app(), 'notes://{slug}').map((d) => d.kind)).toEqual(['template']);
  });

  test('an exact key wins over a template that would match it', () => {
    expect(findDefinitions(app(), 'notes://index')).toEqual([
      expect.objectContaining({ kind: 'resource' }),
    ]);
  });

  test('a concrete URI finds its template, with the variables it binds', () => {
    expect(findDefinitions(app(), 'notes://hello%20world')).toEqual([
      {
        kind: 'template',
        definition: expect.objectContaining({ uriTemplate: 'notes://{slug}', method: 'note' }),
        variables: { slug: 'hello world' },
      },
    ]);
  });

  test('a name registered twice (a tool and a prompt) is both', () => {
    const twice = app({
      describe: () => [...INFOS, { ...INFOS[3], kind: 'tool', provider: 'Other' }],
    });
    expect(findDefinitions(twice, 'summarize').map((d) => [d.kind, d.definition.provider])).toEqual(
      [
        ['prompt', 'WeatherTools'],
        ['tool', 'Other'],
      ],
    );
  });

  test('nothing matches: an empty list', () => {
    expect(findDefinitions(app(), 'nope')).toEqual([]);
    expect(findDefinitions(app(), 'other://x')).toEqual([]);
  });
});
