/**
 * MCP 2025-11-25: `title` and `icons` on tools, resources, templates, prompts and serverInfo,
 * listed exactly as declared.
 */
import { McpApplication, Prompt, Resource, Tool } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';

const icon = { src: 'https://example.com/sun.png', mimeType: 'image/png', sizes: ['48x48'] };

class Weather {
  @Tool({ title: 'Forecast', icons: [icon], annotations: { readOnlyHint: true } })
  forecast() {
    return 'Sunny.';
  }

  @Resource({ uri: 'weather://today', title: 'Today', icons: [icon], mimeType: 'text/plain' })
  today() {
    return 'Clear.';
  }

  @Resource({ uriTemplate: 'weather://{city}', title: 'A city', icons: [icon] })
  city({ city }: { city: string }) {
    return city;
  }

  @Prompt({ title: 'Plan a day', icons: [icon], args: z.object({ city: z.string() }) })
  plan({ city }: { city: string }) {
    return `Plan ${city}.`;
  }
}

test('title and icons are listed where MCP 2025-11-25 allows them', async () => {
  const app = McpApplication.create({
    name: 'Weather',
    version: '1.0.0',
    title: 'Weather Service',
    icons: [icon],
    providers: [Weather],
  });
  const client = await connect(app);
  expect(client.initialized.serverInfo).toEqual({
    name: 'Weather',
    version: '1.0.0',
    title: 'Weather Service',
    icons: [icon],
  });
  expect(await client.listTools()).toEqual([
    {
      name: 'forecast',
      title: 'Forecast',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
      icons: [icon],
    },
  ]);
  expect(await client.listResources()).toEqual([
    {
      uri: 'weather://today',
      name: 'today',
      title: 'Today',
      mimeType: 'text/plain',
      icons: [icon],
    },
  ]);
  expect(await client.listResourceTemplates()).toEqual([
    { uriTemplate: 'weather://{city}', name: 'city', title: 'A city', icons: [icon] },
  ]);
  expect(await client.listPrompts()).toEqual([
    {
      name: 'plan',
      title: 'Plan a day',
      arguments: [{ name: 'city', required: true }],
      icons: [icon],
    },
  ]);
});
