/**
 * The MCP Apps generator: a tool with its interactive view (a `ui://` resource) on one provider
 * class. The view is one self-contained HTML document whose small script speaks the host
 * protocol (MCP Apps 2026-01-26: `ui/initialize`, `ui/notifications/initialized`, then
 * `ui/notifications/tool-result`), so it works before the user picks a bundler.
 */
import {
  camel,
  declareInput,
  decorator,
  Imports,
  type InputStyle,
  indent,
  kebab,
  pascal,
  quote,
  signature,
} from './code';
import { assemble, checkedClass, checkToolName, fieldsOf, type Stub, StubError } from './stubs';

/** Options of {@link appStub}. */
export interface AppStubRequest {
  /** The tool name, e.g. `show_chart`. */
  name: string;
  description?: string;
  /** The input fields (`city: string, days?: integer`). */
  fields?: string;
  input?: InputStyle;
  /** The view's URI (default `ui://<class-in-kebab-case>/<tool-in-kebab-case>`). */
  uri?: string;
  className?: string;
}

/** The view: plain HTML and a script without backticks or `${`, to sit in a template literal. */
function viewDocument(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title.replace(/[<&`$\\]/g, '')}</title>
    <style>body { font: 14px system-ui, sans-serif; margin: 12px; } pre { white-space: pre-wrap; }</style>
  </head>
  <body>
    <pre id="result">Waiting for the tool's result…</pre>
    <script>
      // TODO: your view. For more than this, bundle a script built on App from
      // @modelcontextprotocol/ext-apps into this document (see docs/apps.md).
      var pending = {};
      var nextId = 1;
      function send(message) { window.parent.postMessage(message, '*'); }
      function request(method, params) {
        var id = nextId++;
        send({ jsonrpc: '2.0', id: id, method: method, params: params });
        return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
      }
      function show(result) {
        var data = result.structuredContent !== undefined ? result.structuredContent : result.content;
        document.getElementById('result').textContent = JSON.stringify(data, null, 2);
      }
      window.addEventListener('message', function (event) {
        var message = event.data;
        if (event.source !== window.parent || !message || message.jsonrpc !== '2.0') return;
        if (message.method === undefined && pending[message.id]) {
          var waiting = pending[message.id];
          delete pending[message.id];
          if (message.error) waiting.reject(new Error(message.error.message));
          else waiting.resolve(message.result);
        } else if (message.method === 'ui/notifications/tool-result') {
          show(message.params);
        } else if (message.id !== undefined) {
          send({ jsonrpc: '2.0', id: message.id, result: {} }); // ping, ui/resource-teardown
        }
      });
      request('ui/initialize', {
        appInfo: { name: ${quote(title)}, version: '0.1.0' },
        appCapabilities: {},
        protocolVersion: '2026-01-26',
      }).then(function () {
        send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
      });
    </script>
  </body>
</html>`;
}

/** A provider class holding one tool with its MCP Apps view. */
export function appStub(request: AppStubRequest): Stub {
  checkToolName(request.name);
  const className = checkedClass(request.className ?? `${pascal(request.name)}App`);
  const uri = request.uri ?? `ui://${kebab(className)}/${kebab(request.name) || 'view'}`;
  if (!/^ui:\/\/[^\s`$\\]+$/i.test(uri)) {
    throw new StubError(
      `"${uri}" is not a view URI: MCP Apps views use the ui:// scheme, e.g. ui://charts/sales.`,
    );
  }
  const method = camel(request.name);
  const imports = new Imports()
    .add('declarative-mcp', ['Call', 'Resource', 'Tool'])
    .add('declarative-mcp', ['Mcp', 'McpCall'], true);
  const declarations: string[] = [];
  const fields = fieldsOf(request.fields);
  const parameters: string[] = [];
  let input: ReturnType<typeof declareInput> | undefined;
  if (fields.length > 0) {
    input = declareInput(
      `${pascal(request.name)}Input`,
      fields,
      request.input ?? 'zod',
      imports,
      `The arguments of the tool "${request.name}"`,
    );
    declarations.push(input.declaration);
    parameters.push(`input: ${input.type}`);
  }
  parameters.push('@Call() call: McpCall');
  const viewConstant = `${kebab(pascal(request.name)).replace(/-/g, '_').toUpperCase()}_VIEW`;
  declarations.push(
    `/** The view of ${request.name}: one self-contained HTML document (hosts render it in a sandboxed iframe with no network by default). */\nconst ${viewConstant} = \`${viewDocument(`${request.name} view`)}\`;`,
  );
  const data = input ? '{ ...input }' : '{}';
  const subject = input ? `${request.name} with \${JSON.stringify(input)}` : request.name;
  const toolBody = [
    "// TODO: the tool's work. Throw new ToolError('…') (from 'declarative-mcp') for a failure the model should read.",
    `const data: Mcp.JsonObject = ${data};`,
    '// MCP Apps: the text must stand alone (the model reads it, and hosts without apps show only',
    '// it); structuredContent is what the view renders.',
    `const text = \`TODO: ${subject}\`;`,
    'return {',
    "  content: [{ type: 'text', text: call.supportsApps ? text : text + ' (a host with MCP Apps shows it as a view)' }],",
    '  structuredContent: data,',
    '};',
  ].join('\n');
  const toolOptions: Array<[string, string | undefined]> = [
    ['name', method === request.name ? undefined : quote(request.name)],
    [
      'description',
      quote(request.description ?? `TODO: what ${request.name} does, for the model.`),
    ],
    ['input', input?.option],
    ['ui', quote(uri)],
  ];
  const viewOptions: Array<[string, string | undefined]> = [
    ['uri', quote(uri)],
    ['name', quote(`${kebab(request.name)}-view`)],
    ['description', quote(`The interactive view of ${request.name}.`)],
    ['app', '{ prefersBorder: true }'],
  ];
  const members = [
    `${decorator('Tool', toolOptions)}\n${signature(method, parameters, 'Mcp.CallToolResult')} {\n${indent(toolBody)}\n}`,
    `${decorator('Resource', viewOptions)}\n${signature(`${method}View`, [], 'string')} {\n${indent(`// The HTML document: a string or a Buffer (readFileSync of a bundled page).\nreturn ${viewConstant};`)}\n}`,
  ];
  return {
    file: `${kebab(className)}.ts`,
    code: assemble(imports, declarations, className, members),
    summary: `The tool "${request.name}" with its MCP Apps view ${uri} on the provider class ${className}.`,
  };
}
