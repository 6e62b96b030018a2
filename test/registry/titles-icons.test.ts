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

test('what the user passed in is copied, never frozen: a shared ICONS array stays extendable', async () => {
  const ICONS = [{ src: 'https://example.com/a.png' }];
  const annotations = { readOnlyHint: true };
  const meta = { 'example.com/team': { owner: 'weather' } };
  class Shared {
    @Tool({ icons: ICONS, annotations, meta }) one() {
      return '1';
    }
    @Prompt({ icons: ICONS }) two() {
      return '2';
    }
    @Resource({ uri: 'shared://x', icons: ICONS }) three() {
      return '3';
    }
  }
  const app = McpApplication.create({ name: 'S', version: '1', providers: [Shared] });
  expect(Object.isFrozen(ICONS)).toBe(false);
  expect(Object.isFrozen(ICONS[0])).toBe(false);
  expect(Object.isFrozen(annotations)).toBe(false);
  expect(Object.isFrozen(meta)).toBe(false);
  expect(Object.isFrozen(meta['example.com/team'])).toBe(false);
  ICONS.push({ src: 'https://example.com/b.png' });
  annotations.readOnlyHint = false;
  // The listed definitions are frozen copies: the later changes do not reach them.
  const [tool] = app.describe().filter((d) => d.kind === 'tool');
  expect(Object.isFrozen(tool.definition)).toBe(true);
  expect(Object.isFrozen(tool.definition.icons)).toBe(true);
  expect(Object.isFrozen(tool.definition.annotations)).toBe(true);
  const client = await connect(app);
  expect(await client.listTools()).toEqual([
    {
      name: 'one',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
      icons: [{ src: 'https://example.com/a.png' }],
      _meta: { 'example.com/team': { owner: 'weather' } },
    },
  ]);
});
