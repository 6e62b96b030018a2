/**
 * The MCP Apps generator called directly: the tool and its view linked by one ui:// URI, the
 * view's host protocol, and the requests it refuses. test/devtools/stubs.test.ts compiles and runs its output.
 */
import { appStub } from '../../src/devtools/app-stub';
import { StubError } from '../../src/devtools/stubs';

test('the tool names its view; the view resource serves the document', () => {
  const stub = appStub({ name: 'show_chart', fields: 'city' });
  expect(stub.file).toBe('show-chart-app.ts');
  expect(stub.summary).toBe(
    'The tool "show_chart" with its MCP Apps view ui://show-chart-app/show-chart on the provider class ShowChartApp.',
  );
  expect(stub.code.split('\n')[0]).toBe(
    "import { Call, type Mcp, type McpCall, Resource, Tool } from 'declarative-mcp';",
  );
  expect(stub.code).toContain(`  @Tool({
    name: 'show_chart',
    description: 'TODO: what show_chart does, for the model.',
    input: ShowChartInput,
    ui: 'ui://show-chart-app/show-chart',
  })
  showChart(input: z.infer<typeof ShowChartInput>, @Call() call: McpCall): Mcp.CallToolResult {`);
  expect(stub.code).toContain('    const data: Mcp.JsonObject = { ...input };');
  expect(stub.code).toContain(
    `    const text = \`TODO: show_chart with \${JSON.stringify(input)}\`;`,
  );
  expect(stub.code).toContain(`  @Resource({
    uri: 'ui://show-chart-app/show-chart',
    name: 'show-chart-view',
    description: 'The interactive view of show_chart.',
    app: { prefersBorder: true },
  })
  showChartView(): string {`);
  expect(stub.code).toContain('    return SHOW_CHART_VIEW;');
});

test('the view speaks the host protocol of MCP Apps 2026-01-26, and holds nothing a template literal would break on', () => {
  const { code } = appStub({ name: 'show_chart' });
  const view = /const SHOW_CHART_VIEW = `([\s\S]*?)`;\n/.exec(code)?.[1];
  expect(view).toBeDefined();
  expect(view).toMatch(/^<!doctype html>\n/);
  expect(view).toContain('<title>show_chart view</title>');
  expect(view).toContain("request('ui/initialize', {");
  expect(view).toContain("appInfo: { name: 'show_chart view', version: '0.1.0' },");
  expect(view).toContain("protocolVersion: '2026-01-26',");
  expect(view).toContain("method: 'ui/notifications/initialized'");
  expect(view).toContain("message.method === 'ui/notifications/tool-result'");
  expect(view).not.toMatch(/[`\\]|\$\{/);
});

test('without fields: no input, the call alone, empty structured content', () => {
  const { code } = appStub({ name: 'clock', description: 'Shows the time.', className: 'Clock' });
  expect(code).not.toContain('z.object');
  expect(code).toContain("@Tool({ description: 'Shows the time.', ui: 'ui://clock/clock' })");
  expect(code).toContain('clock(@Call() call: McpCall): Mcp.CallToolResult {');
  expect(code).toContain('    const data: Mcp.JsonObject = {};');
  expect(code).toContain('    const text = `TODO: clock`;');
});

test('a DTO input, and a URI of its own', () => {
  const { code, summary } = appStub({
    name: 'map',
    fields: 'lat: number',
    input: 'dto',
    uri: 'ui://maps/main',
  });
  expect(summary).toContain('view ui://maps/main');
  expect(code).toContain('export class MapInput {\n  @IsNumber()\n  lat!: number;\n}');
  expect(code).toContain("ui: 'ui://maps/main'");
  expect(code).toContain('map(input: MapInput, @Call() call: McpCall): Mcp.CallToolResult {');
});

test.each([
  [
    { name: 'show chart' },
    '"show chart" is not a valid tool name: use 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and ".".',
  ],
  [
    { name: 'ok', className: 'ok-app' },
    '"ok-app" is not a class name: use PascalCase, e.g. WeatherTools.',
  ],
  [
    { name: 'ok', uri: 'https://x/y' },
    '"https://x/y" is not a view URI: MCP Apps views use the ui:// scheme, e.g. ui://charts/sales.',
  ],
  [
    { name: 'ok', uri: 'ui://a b' },
    '"ui://a b" is not a view URI: MCP Apps views use the ui:// scheme, e.g. ui://charts/sales.',
  ],
  [
    { name: 'ok', uri: `ui://a/\${x}` },
    `"ui://a/\${x}" is not a view URI: MCP Apps views use the ui:// scheme, e.g. ui://charts/sales.`,
  ],
  [
    { name: 'ok', fields: 'x: date' },
    '"x: date": unknown type "date". Use string, number, integer, boolean, a list of words (a|b|c), or one of those followed by [].',
  ],
])('%j is refused: %s', (request, message) => {
  expect(() => appStub(request)).toThrow(new StubError(message));
});
