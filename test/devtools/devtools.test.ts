/**
 * The devtools as provider classes inside a user's own application (devtoolsProviders), with and
 * without a typedi container.
 */
import { McpApplication, Tool } from 'declarative-mcp';
import { devtoolsGuide, devtoolsProviders } from 'declarative-mcp/devtools';
import { connect } from 'declarative-mcp/testing';
import { Container } from 'typedi';
import { GUIDE, jsonOf, textOf } from './helpers';

describe('devtools inside your own application', () => {
  class WeatherTools {
    @Tool({ description: 'Sunny.' })
    forecast() {
      return 'Sunny.';
    }
  }

  test('devtoolsProviders({ app: () => app }) introspects the application they are part of', async () => {
    const app: McpApplication = McpApplication.create({
      name: 'weather',
      version: '1.0.0',
      instructions: devtoolsGuide(),
      providers: [WeatherTools, ...devtoolsProviders({ app: () => app, transports: ['stdio'] })],
    });
    const own = await connect(app);
    expect(own.initialized.instructions).toBe(GUIDE);
    const described = jsonOf(await own.callTool('describe_application'));
    expect(described.server.name).toBe('weather');
    expect(described.transports).toEqual(['stdio']);
    expect(described.note).toBeUndefined();
    expect(described.tools.map((t: { name: string }) => t.name)).toEqual(
      (await own.listTools()).map((t) => t.name),
    );
    expect(
      jsonOf(await own.callTool('describe_provider', { name: 'WeatherTools' })).methods,
    ).toEqual([
      expect.objectContaining({ method: 'forecast', registers: 'tool', key: 'forecast' }),
    ]);
    own.close();
  });

  test('with a typedi container, registered as the docs say', async () => {
    const providers = devtoolsProviders();
    for (const P of providers) Container.set(P, new P());
    try {
      const app = McpApplication.create({
        name: 'c',
        version: '1',
        providers,
        container: Container,
      });
      const own = await connect(app);
      expect(textOf(await own.callTool('generate_tool_stub', { name: 'ping' }))).toContain('```ts');
      own.close();
    } finally {
      for (const P of providers) Container.remove(P);
    }
  });

  test('two provider sets share nothing', () => {
    const [a, b] = [devtoolsProviders(), devtoolsProviders()];
    expect(a.map((p) => p.name)).toEqual(b.map((p) => p.name));
    for (let i = 0; i < a.length; i++) expect(a[i]).not.toBe(b[i]);
  });
});
