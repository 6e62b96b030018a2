/**
 * MCP Apps (extension io.modelcontextprotocol/ui, 2026-01-26): a ui:// resource is a view, a
 * tool's `ui` option links it. The wire shapes are pinned as JSON text, the start-up mistakes as
 * errors that name both ends.
 */
import 'reflect-metadata';
import {
  Call,
  ConfigurationError,
  McpApplication,
  type McpApplicationOptions,
  type McpCall,
  Resource,
  Tool,
} from 'declarative-mcp';
import { connect } from 'declarative-mcp/testing';
import { z } from 'zod';
import { APP_MIME_TYPE } from '../../src/core';

const HTML = '<!doctype html><html><body><main id="app"></main></body></html>';

class Board {
  @Tool({
    description: 'Shows the board.',
    input: z.object({ team: z.string() }),
    ui: 'ui://board/view',
  })
  show({ team }: { team: string }) {
    return `Board of ${team}: 3 open tasks.`;
  }

  @Tool({
    description: 'Moves a card (called by the view).',
    input: z.object({ card: z.number() }),
    ui: { resourceUri: 'ui://board/view', visibility: ['app'] },
    meta: { owner: 'board-team' },
  })
  move({ card }: { card: number }, @Call() call: McpCall) {
    return `Moved ${card}; apps: ${call.supportsApps}`;
  }

  @Resource({
    uri: 'ui://board/view',
    name: 'board-view',
    app: {
      csp: {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
      },
      permissions: { clipboardWrite: {} },
      domain: 'board.example-host.test',
      prefersBorder: true,
    },
  })
  view() {
    return HTML;
  }

  @Resource({ uri: 'ui://board/hidden', name: 'hidden-view', listed: false })
  hidden() {
    return Buffer.from('<!doctype html><p>é</p>', 'utf8');
  }
}

function create(providers: Function[]) {
  return McpApplication.create({
    name: 'board',
    version: '1',
    providers: providers as unknown as McpApplicationOptions['providers'],
  });
}

function startupError(providers: Function[]): string {
  let caught: unknown;
  try {
    create(providers);
  } catch (error) {
    caught = error;
  }
  expect(ConfigurationError.is(caught)).toBe(true);
  return (caught as Error).message;
}

async function answer(app: McpApplication, method: string, params: object): Promise<string> {
  return (await app.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))) as string;
}

describe('wire shapes', () => {
  const app = create([Board]);

  it('tools/list: _meta.ui and the legacy flat key ui/resourceUri, beside the user meta', async () => {
    const text = await answer(app, 'tools/list', {});
    const tools = JSON.parse(text).result.tools;
    expect(JSON.stringify(tools[0]._meta)).toBe(
      '{"ui":{"resourceUri":"ui://board/view"},"ui/resourceUri":"ui://board/view"}',
    );
    expect(JSON.stringify(tools[1]._meta)).toBe(
      '{"owner":"board-team","ui":{"resourceUri":"ui://board/view","visibility":["app"]},"ui/resourceUri":"ui://board/view"}',
    );
  });

  it('resources/list: the app MIME type and _meta.ui; a listed: false view is left out', async () => {
    expect(await answer(app, 'resources/list', {})).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"resources":[{"uri":"ui://board/view","name":"board-view","mimeType":"text/html;profile=mcp-app","_meta":{"ui":{"csp":{"connectDomains":["https://api.example.com"],"resourceDomains":["https://cdn.example.com"]},"permissions":{"clipboardWrite":{}},"domain":"board.example-host.test","prefersBorder":true}}}]}}',
    );
  });

  it('resources/read: the HTML as text with the MIME type and _meta.ui on the contents', async () => {
    expect(await answer(app, 'resources/read', { uri: 'ui://board/view' })).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"ui://board/view","mimeType":"text/html;profile=mcp-app","text":${JSON.stringify(HTML)},"_meta":{"ui":{"csp":{"connectDomains":["https://api.example.com"],"resourceDomains":["https://cdn.example.com"]},"permissions":{"clipboardWrite":{}},"domain":"board.example-host.test","prefersBorder":true}}}]}}`,
    );
  });

  it('an unlisted view is still read; a Buffer is sent as UTF-8 text', async () => {
    expect(await answer(app, 'resources/read', { uri: 'ui://board/hidden' })).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"ui://board/hidden","mimeType":"text/html;profile=mcp-app","text":"<!doctype html><p>é</p>"}]}}',
    );
  });

  it('listed: false holds when the list is filtered by scopes too', async () => {
    class Scoped {
      @Resource({ uri: 'ui://s/listed', scopes: ['board:read'] }) listed() {
        return HTML;
      }
      @Resource({ uri: 'ui://s/unlisted', scopes: ['board:read'], listed: false }) unlisted() {
        return HTML;
      }
    }
    const scoped = create([Scoped]);
    const context = { scopes: ['board:read'] };
    const list = (await scoped.handle(
      '{"jsonrpc":"2.0","id":1,"method":"resources/list"}',
      context,
    )) as string;
    expect(JSON.parse(list).result.resources.map((r: { uri: string }) => r.uri)).toEqual([
      'ui://s/listed',
    ]);
    const read = (await scoped.handle(
      '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"ui://s/unlisted"}}',
      context,
    )) as string;
    expect(JSON.parse(read).result.contents[0].text).toBe(HTML);
  });

  it('the MIME type is written the way the specification does, however the user spelled it', async () => {
    class Spelled {
      @Resource({ uri: 'ui://x/v', mimeType: 'Text/HTML; profile="mcp-app"' }) v() {
        return HTML;
      }
    }
    const listed = JSON.parse(await answer(create([Spelled]), 'resources/list', {}));
    expect(listed.result.resources[0].mimeType).toBe(APP_MIME_TYPE);
  });
});

describe('call.supportsApps', () => {
  const ui = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

  it.each([
    ['declares the extension with the app MIME type', { extensions: ui }, true],
    ['declares no extensions', {}, false],
    [
      'declares the extension without mimeTypes',
      { extensions: { 'io.modelcontextprotocol/ui': {} } },
      false,
    ],
    [
      'declares the extension with other MIME types only',
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/uri-list'] } } },
      false,
    ],
  ])('when the client %s: %s', async (_title, capabilities, expected) => {
    const client = await connect(create([Board]), undefined, { capabilities });
    const result = await client.callTool('move', { card: 7 });
    expect(result.content).toEqual([{ type: 'text', text: `Moved 7; apps: ${expected}` }]);
  });

  it('is false without a session (a bare handle, a stateless transport)', async () => {
    const text = await answer(create([Board]), 'tools/call', {
      name: 'move',
      arguments: { card: 1 },
    });
    expect(JSON.parse(text).result.content[0].text).toBe('Moved 1; apps: false');
  });
});

describe('start-up errors', () => {
  it('a tool whose ui names no declared view names the tool, its method and the URI', () => {
    class Tools {
      @Tool({ ui: 'ui://board/missing' }) show() {}
      @Resource({ uri: 'ui://board/view' }) view() {
        return HTML;
      }
    }
    const message = startupError([Tools]);
    expect(message).toContain('Tool "show" (Tools.show)');
    expect(message).toContain('"ui://board/missing"');
    expect(message).toContain('ui://board/view (Tools.view)');
  });

  it('a ui link to a resource that is declared but not a view (not ui://) is refused', () => {
    class Tools {
      @Tool({ ui: 'https://board/view' }) show() {}
    }
    expect(startupError([Tools])).toContain('Tool "show" on Tools.show: "ui" names');
  });

  it('a ui:// resource whose MIME type is not an app type names the resource and its method', () => {
    class Views {
      @Resource({ uri: 'ui://board/view', mimeType: 'text/html' }) view() {
        return HTML;
      }
    }
    const message = startupError([Views]);
    expect(message).toContain('Resource "ui://board/view" on Views.view');
    expect(message).toContain('text/html;profile=mcp-app');
    expect(message).toContain('"text/html"');
  });

  it('an app option on a URI that is not ui://', () => {
    class Views {
      @Resource({ uri: 'https://board/view', app: {} }) view() {
        return HTML;
      }
    }
    expect(startupError([Views])).toContain('must start with ui://');
  });

  it.each([
    ['an unknown app option', { prefersBorders: true }, 'app.prefersBorders'],
    [
      'an unknown CSP list',
      { csp: { connectDomain: ['https://a.test'] } },
      'app.csp.connectDomain',
    ],
    [
      'a CSP list that is not strings',
      { csp: { frameDomains: 'https://a.test' } },
      'app.csp.frameDomains',
    ],
    [
      'a permission given as true',
      { permissions: { camera: true } },
      'app.permissions.camera must be {}',
    ],
    ['an unknown permission', { permissions: { usb: {} } }, 'app.permissions.usb'],
    ['a domain that is not a string', { domain: 3 }, 'app.domain'],
    ['prefersBorder that is not a boolean', { prefersBorder: 'yes' }, 'app.prefersBorder'],
  ])('%s', (_title, app, fragment) => {
    class Views {
      @Resource({ uri: 'ui://v', app: app as object }) view() {
        return HTML;
      }
    }
    expect(startupError([Views])).toContain(fragment);
  });

  it('a ui:// template', () => {
    class Views {
      @Resource({ uriTemplate: 'ui://board/{id}' }) view() {
        return HTML;
      }
    }
    expect(startupError([Views])).toContain('an MCP Apps view is a fixed resource');
  });

  it.each([
    ['an empty visibility', { resourceUri: 'ui://v', visibility: [] }, 'ui.visibility'],
    ['an unknown visibility', { resourceUri: 'ui://v', visibility: ['user'] }, 'ui.visibility'],
    ['csp on the tool', { resourceUri: 'ui://v', csp: {} }, 'ui.csp is not'],
  ])('a tool with %s', (_title, ui, fragment) => {
    class Tools {
      @Tool({ ui: ui as never }) show() {}
      @Resource({ uri: 'ui://v' }) view() {
        return HTML;
      }
    }
    expect(startupError([Tools])).toContain(fragment);
  });

  it('ui and meta.ui together', () => {
    class Tools {
      @Tool({ ui: 'ui://v', meta: { ui: { resourceUri: 'ui://v' } } }) show() {}
      @Resource({ uri: 'ui://v' }) view() {
        return HTML;
      }
    }
    expect(startupError([Tools])).toContain('either with the "ui" option or in meta');
  });

  it('the view may be declared by another provider', () => {
    class Tools {
      @Tool({ ui: 'ui://v' }) show() {}
    }
    class Views {
      @Resource({ uri: 'ui://v' }) view() {
        return HTML;
      }
    }
    expect(() => create([Tools, Views])).not.toThrow();
  });
});

describe('call.supportsApps in MCP 2026-07-28', () => {
  const modern = (capabilities: object) => ({
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  });

  it.each([
    [
      'declares the extension in the request _meta',
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } } },
      true,
    ],
    ['declares no extensions in the request _meta', {}, false],
  ])('when the client %s: %s', async (_title, capabilities, expected) => {
    const text = await answer(create([Board]), 'tools/call', {
      name: 'move',
      arguments: { card: 2 },
      _meta: modern(capabilities),
    });
    expect(JSON.parse(text).result.content).toEqual([
      { type: 'text', text: `Moved 2; apps: ${expected}` },
    ]);
  });
});
