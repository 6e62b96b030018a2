/**
 * Introspection against applications the devtools did not build: a sample with every kind of
 * definition, and the bundled examples. What describe_application says must be what the
 * application's own lists answer: same names, same schemas.
 */
import { IsInt, IsString, Max, Min } from 'class-validator';
import { Context, type Mcp, McpApplication, Prompt, Resource, Tool } from 'declarative-mcp';
import { createDevtools } from 'declarative-mcp/devtools';
import { connect, type TestClient } from 'declarative-mcp/testing';
import { z } from 'zod';
import { app as conformance } from '../../examples/conformance';
import { app as dto } from '../../examples/dto';
import { app as notes } from '../../examples/notes';
import { app as orders } from '../../examples/orders';
import { app as weather } from '../../examples/weather';
import { failureOf, jsonOf } from './helpers';

class ForecastInput {
  @IsString() city!: string;
  @IsInt() @Min(1) @Max(14) days!: number;
}

/** How many times the sample's methods ran. */
let runs = 0;

class SampleTools {
  @Tool({ description: 'The forecast.' })
  forecast(input: ForecastInput): string {
    runs++;
    return `Sunny in ${input.city}.`;
  }

  @Tool({
    name: 'add.numbers',
    input: z.object({ a: z.number(), b: z.number() }),
    output: z.object({ sum: z.number() }),
    annotations: { readOnlyHint: true },
  })
  add({ a, b }: { a: number; b: number }) {
    return { sum: a + b };
  }

  @Tool({ description: 'Admins only.', scopes: ['admin'] })
  purge(@Context() _context: unknown): string {
    return 'purged';
  }

  @Tool({ description: 'Not yet.', enabled: false })
  later(): string {
    return 'later';
  }
}

class SampleNotes {
  @Resource({ uri: 'notes://index', name: 'index', mimeType: 'text/plain' })
  index(): string {
    runs++;
    return 'welcome';
  }

  @Resource({
    uriTemplate: 'notes://{slug}',
    name: 'note',
    mimeType: 'text/plain',
    scopes: ['notes:read'],
  })
  note({ slug }: { slug: string }): string {
    return slug;
  }

  @Prompt({ description: 'Summarize.', args: z.object({ slug: z.string() }) })
  summarize({ slug }: { slug: string }): string {
    return `Summarize ${slug}.`;
  }
}

const sample = McpApplication.create({
  name: 'sample',
  version: '2.0.0',
  instructions: 'Sample.',
  providers: [SampleTools, SampleNotes],
});

/** Lists what a client sees, given a context holding every scope the application uses. */
async function lists(client: TestClient) {
  return {
    tools: await client.listTools(),
    resources: await client.listResources().catch(() => []),
    resourceTemplates: await client.listResourceTemplates().catch(() => []),
    prompts: await client.listPrompts().catch(() => []),
  };
}

/** A definition as described, without the devtools' own fields: what the list shows. */
function listed(definition: Mcp.JsonObject): Mcp.JsonObject {
  const { provider: _p, method: _m, scopes: _s, enabled: _e, ...rest } = definition;
  return rest;
}

describe('the sample application', () => {
  let devtools: TestClient;
  let described: Record<string, any>;
  beforeAll(async () => {
    devtools = await connect(createDevtools({ app: sample, transports: ['stdio', 'http'] }));
    described = jsonOf(await devtools.callTool('describe_application'));
  });
  afterAll(() => devtools.close());

  test('server info, transports and providers', () => {
    expect(described.server).toEqual({
      name: 'sample',
      version: '2.0.0',
      capabilities: sample.core.capabilities,
      instructions: true,
    });
    expect(described.transports).toEqual(['stdio', 'http']);
    expect(described.providers).toEqual(['SampleTools', 'SampleNotes']);
    expect(described.note).toBeUndefined();
  });

  test('matches what its lists answer to a caller holding every scope: same names, same schemas', async () => {
    const client = await connect(sample, { scopes: ['admin', 'notes:read'] });
    const seen = await lists(client);
    const enabled = (list: Mcp.JsonObject[]) => list.filter((d) => d.enabled === true).map(listed);
    expect(enabled(described.tools)).toEqual(seen.tools);
    // resources/list shows each skill's SKILL.md after the other resources (SEP-2640).
    const skillMds = enabled(described.skills).map(({ frontmatter: _f, files: _n, ...md }) => md);
    expect([...enabled(described.resources), ...skillMds]).toEqual(seen.resources);
    expect(enabled(described.resourceTemplates)).toEqual(seen.resourceTemplates);
    expect(enabled(described.prompts)).toEqual(seen.prompts);
    client.close();
  });

  test('each definition names its provider, method, scopes and state; disabled ones are described too', () => {
    const byName = new Map(described.tools.map((t: Mcp.JsonObject) => [t.name, t]));
    expect(byName.get('forecast')).toMatchObject({
      provider: 'SampleTools',
      method: 'forecast',
      scopes: [],
      enabled: true,
      inputSchema: { type: 'object', required: ['city', 'days'] },
    });
    expect(byName.get('add.numbers')).toMatchObject({
      method: 'add',
      outputSchema: { type: 'object' },
    });
    expect(byName.get('purge')).toMatchObject({ scopes: ['admin'] });
    expect(byName.get('later')).toMatchObject({ enabled: false });
    expect(described.resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: 'notes://{slug}',
        provider: 'SampleNotes',
        method: 'note',
        scopes: ['notes:read'],
      }),
    ]);
  });

  test('describe_provider and describe_definition (a concrete URI finds its template)', async () => {
    expect(
      jsonOf(await devtools.callTool('describe_provider', { name: 'SampleNotes' })).methods,
    ).toEqual([
      expect.objectContaining({ method: 'index', registers: 'resource', key: 'notes://index' }),
      expect.objectContaining({ method: 'note', registers: 'template', key: 'notes://{slug}' }),
      expect.objectContaining({ method: 'summarize', registers: 'prompt', key: 'summarize' }),
    ]);
    expect(
      jsonOf(await devtools.callTool('describe_definition', { name: 'notes://welcome' })),
    ).toMatchObject({
      kind: 'template',
      variables: { slug: 'welcome' },
      definition: { uriTemplate: 'notes://{slug}', method: 'note' },
    });
    expect(
      jsonOf(await devtools.callTool('describe_definition', { name: 'summarize' })),
    ).toMatchObject({
      kind: 'prompt',
      definition: { name: 'summarize', arguments: [{ name: 'slug', required: true }] },
    });
    expect(failureOf(await devtools.callTool('describe_provider', { name: 'DevtoolsGuide' }))).toBe(
      'No provider class "DevtoolsGuide". Known: SampleTools, SampleNotes.',
    );
  });

  test("validate_schema { tool } checks against that tool's listed input schema (a DTO's here)", async () => {
    expect(
      jsonOf(
        await devtools.callTool('validate_schema', {
          tool: 'forecast',
          value: { city: 'Oslo', days: 3 },
        }),
      ),
    ).toEqual({
      valid: true,
      errors: [],
    });
    const refused = jsonOf(
      await devtools.callTool('validate_schema', {
        tool: 'forecast',
        value: { city: 'Oslo', days: 30 },
      }),
    );
    expect(refused).toEqual({
      valid: false,
      errors: [{ path: 'days', message: expect.any(String) }],
    });
  });

  test('introspection never runs the application: none of its methods is called', async () => {
    const before = runs;
    await devtools.callTool('describe_application');
    await devtools.callTool('describe_provider', { name: 'SampleTools' });
    await devtools.callTool('describe_definition', { name: 'forecast' });
    await devtools.callTool('describe_definition', { name: 'notes://index' });
    await devtools.callTool('generate_test_stub', { tool: 'forecast' });
    await devtools.callTool('validate_schema', {
      tool: 'forecast',
      value: { city: 'Oslo', days: 1 },
    });
    expect(runs).toBe(before);
    // The counter does count: the application itself runs them.
    const client = await connect(sample);
    await client.callTool('forecast', { city: 'Oslo', days: 1 });
    await client.readResource('notes://index');
    expect(runs).toBe(before + 2);
    client.close();
  });
});

describe.each([
  ['weather', weather],
  ['notes', notes],
  ['orders', orders],
  ['dto', dto],
  ['conformance', conformance],
])('the bundled example %s', (_name, app) => {
  test('describe_application matches its tools/list, resources/list, templates and prompts/list', async () => {
    const devtools = await connect(createDevtools({ app }));
    const described = jsonOf(await devtools.callTool('describe_application'));
    const scopes = [...new Set((app as McpApplication).describe().flatMap((info) => info.scopes))];
    const client = await connect(app as McpApplication, { identity: { id: 'devtools', scopes } });
    const seen = await lists(client);
    const enabled = (list: Mcp.JsonObject[]) => list.filter((d) => d.enabled === true).map(listed);
    expect(enabled(described.tools)).toEqual(seen.tools);
    // resources/list shows each skill's SKILL.md after the other resources (SEP-2640).
    const skillMds = enabled(described.skills).map(({ frontmatter: _f, files: _n, ...md }) => md);
    expect([...enabled(described.resources), ...skillMds]).toEqual(seen.resources);
    expect(enabled(described.resourceTemplates)).toEqual(seen.resourceTemplates);
    expect(enabled(described.prompts)).toEqual(seen.prompts);
    expect(described.tools.length).toBeGreaterThan(0);
    client.close();
    devtools.close();
  });
});
