/**
 * `McpApplication` end to end in process: a typedi service injected into a provider, a DTO tool
 * with its validation, `@Context()`, a `ToolError`, a resource and a prompt, through the testing
 * kit's client.
 */
import 'reflect-metadata';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { Context, McpApplication, Prompt, Resource, Tool, ToolError } from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { Container, Service } from 'typedi';
import { z } from 'zod';

class ForecastInput {
  @IsString() city!: string;
  @IsInt() @Min(1) @Max(14) days!: number;
}

@Service()
class WeatherApi {
  temperature(city: string) {
    return city.length + 20;
  }
}

@Service()
class WeatherTools {
  constructor(private readonly api: WeatherApi) {}

  @Tool({ description: "Tomorrow's forecast for a city." })
  forecast(input: ForecastInput, @Context() session: { user: string }) {
    if (input.city === 'Atlantis') throw new ToolError('No weather under the sea.');
    return `Sunny in ${input.city} for ${session.user}, ${this.api.temperature(input.city)} °C.`;
  }

  @Tool({
    input: z.object({ a: z.number(), b: z.number() }),
    output: z.object({ sum: z.number() }),
  })
  add({ a, b }: { a: number; b: number }) {
    return { sum: a + b };
  }

  @Resource({ uriTemplate: 'notes://{slug}', mimeType: 'text/plain' })
  note({ slug }: { slug: string }) {
    return slug === 'missing' ? undefined : `Note ${slug}`;
  }

  @Prompt({ args: z.object({ slug: z.string() }) })
  summarize({ slug }: { slug: string }) {
    return `Summarize notes://${slug}.`;
  }
}

test('a decorated provider answers through the in-memory client', async () => {
  const app = McpApplication.create({
    name: 'W',
    version: '1',
    providers: [WeatherTools],
    container: Container,
  });
  const client = await connect(app, { user: 'ada' });
  const tools = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(['forecast', 'add']);
  expect(tools[0].inputSchema).toMatchObject({ type: 'object', required: ['city', 'days'] });
  expect(await client.callTool('forecast', { city: 'Lisbon', days: 2 })).toEqual({
    content: [{ type: 'text', text: 'Sunny in Lisbon for ada, 26 °C.' }],
    isError: false,
  });
  const bad = await client.callTool('forecast', { city: 3, days: 20 });
  expect(bad.isError).toBe(true);
  expect(JSON.stringify(bad)).toMatch(/city/);
  expect(JSON.stringify(bad)).toMatch(/days/);
  expect((await client.callTool('forecast', { city: 'Atlantis', days: 1 })).isError).toBe(true);
  expect(await client.callTool('add', { a: 1, b: 2 })).toEqual({
    content: [{ type: 'text', text: '{"sum":3}' }],
    structuredContent: { sum: 3 },
    isError: false,
  });
  expect(await client.readResource('notes://deploy')).toEqual([
    { uri: 'notes://deploy', mimeType: 'text/plain', text: 'Note deploy' },
  ]);
  await expect(client.readResource('notes://missing')).rejects.toMatchObject({ code: -32002 });
  expect(await client.getPrompt('summarize', { slug: 'x' })).toEqual({
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarize notes://x.' } }],
  });
  expect(await client.listPrompts()).toEqual([
    { name: 'summarize', arguments: [{ name: 'slug', required: true }] },
  ]);
});
