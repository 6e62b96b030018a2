/**
 * MCP Apps in a real browser: headless Chromium (Debian's /usr/bin/chromium, no download) opens
 * a minimal host page (test/e2e/apps-host/host.ts, bundled here with esbuild) whose official
 * client (SDK v2) talks to the built example (build/examples/apps.js) over Streamable HTTP. The
 * host renders the example's ui:// view in a sandboxed iframe and connects ext-apps' AppBridge
 * to it; the view (ext-apps' App) shows the tool's result, and a click calls the second tool
 * through the host. A screenshot is saved under test-results/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildSync } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { appStub } from '../../src/devtools/app-stub';
import { example, type Launched, launch } from './examples';

const CHROMIUM = '/usr/bin/chromium';
const RESULTS = join(__dirname, '..', '..', 'test-results');
const WAIT = 15_000;

let server: Launched;
let endpoint: string;
let browser: Browser;
let hostPage: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium; .ci/run does it). The test never downloads a browser.`,
    );
  }
  server = launch(example('apps'), ['--http', '--port', '0']);
  endpoint = (await server.waitFor(/listening (\S+)/))[1];
  const script = buildSync({
    entryPoints: [join(__dirname, 'apps-host', 'host.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  }).outputFiles[0].text.replace(/<\/(script)/gi, '<\\/$1');
  hostPage = `<!doctype html><html><head><meta charset="utf-8"><title>Test host</title></head><body><script>${script}</script></body></html>`;
  // launch() runs Chromium on a fresh temporary profile (user-data-dir) and removes it on close.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox', // CI runs as root
      '--headless',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    timeout: 30_000,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface HostState {
  phase: string;
  error?: string;
  uiMeta?: unknown;
  toolCalls: string[];
}

/** What the page and the host said, for a failure's message. */
function diagnose(page: Page, messages: string[]): Promise<string> {
  return page
    .evaluate(() => JSON.stringify((globalThis as unknown as { hostState?: unknown }).hostState))
    .catch((error: Error) => `(no host state: ${error.message})`)
    .then(
      (state) =>
        `host state ${state}; console: ${messages.join(' | ') || '(nothing)'}; server stderr: ${server.stderr() || '(empty)'}`,
    );
}

test('the view renders the tool result, then calls the second tool through the host', async () => {
  const page = await browser.newPage({ viewport: { width: 560, height: 340 } });
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  // The host page is served on the server's own origin (the MCP endpoint stays the real server).
  const origin = new URL(endpoint).origin;
  await page.route(`${origin}/host*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostPage }),
  );
  try {
    await page.goto(`${origin}/host?endpoint=${encodeURIComponent(endpoint)}&tool=show_board`);
    const view = page.frameLocator('iframe[title="ui://tasks/board"]');

    // 1. The view shows show_board's result: the board from structuredContent, the text as status.
    await view.locator('li[data-id="1"].open').waitFor({ timeout: WAIT });
    expect(await view.locator('li').allTextContents()).toEqual([
      '#1 Write the release notesDone',
      '#2 Review the HTTP hardeningDone',
      '#3 Book the team lunch',
    ]);
    // The host declared MCP Apps, so the server left out its "open it in a host" hint.
    expect(await view.locator('#status').textContent()).toBe(
      '2 of 3 tasks open: #1 Write the release notes (open); #2 Review the HTTP hardening (open); #3 Book the team lunch (done).',
    );
    const state = (await page.evaluate(
      () => (globalThis as unknown as { hostState: HostState }).hostState,
    )) as HostState;
    expect(state.uiMeta).toEqual({ prefersBorder: true });

    // 2. A click calls complete_task through the AppBridge; the server's answer reaches the view.
    await view.locator('button[data-complete="1"]').click();
    await view.locator('li[data-id="1"].done').waitFor({ timeout: WAIT });
    expect(await view.locator('#status').textContent()).toBe(
      'Task #1 "Write the release notes" is done.',
    );
    const calls = await page.evaluate(
      () => (globalThis as unknown as { hostState: HostState }).hostState.toolCalls,
    );
    expect(calls).toEqual(['show_board', 'complete_task']);

    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, 'apps-task-board.png') });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await diagnose(page, messages)}`);
  } finally {
    await page.close();
  }

  // 3. The call reached the server: another client, in another session, sees the task done.
  const client = new Client({ name: 'declarative-mcp-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  try {
    const result = await client.callTool({ name: 'show_board', arguments: {} });
    expect(result.structuredContent).toEqual({
      tasks: [
        { id: 1, title: 'Write the release notes', done: true },
        { id: 2, title: 'Review the HTTP hardening', done: false },
        { id: 3, title: 'Book the team lunch', done: true },
      ],
    });
  } finally {
    await client.close();
  }
});

test("the devtools' generated view speaks the host protocol: it initializes and renders the result", async () => {
  const code = appStub({ name: 'show_chart', fields: 'metric: string' }).code;
  // The view is the template literal of SHOW_CHART_VIEW (written without backticks or `${`).
  const html = /_VIEW = `([\s\S]*?)`;/.exec(code)?.[1];
  expect(html).toBeDefined();
  const page = await browser.newPage({ viewport: { width: 560, height: 340 } });
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  const origin = new URL(endpoint).origin;
  await page.route(`${origin}/host*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostPage }),
  );
  await page.route(`${origin}/stub-view`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html! }),
  );
  const result = {
    content: [{ type: 'text', text: 'Sales: 3 days.' }],
    structuredContent: { metric: 'sales', days: [1, 2, 3] },
  };
  try {
    await page.goto(
      `${origin}/host?view=${encodeURIComponent(`${origin}/stub-view`)}&result=${encodeURIComponent(JSON.stringify(result))}`,
    );
    const view = page.frameLocator(`iframe[title="${origin}/stub-view"]`);
    await view.locator('#result', { hasText: '"metric"' }).waitFor({ timeout: WAIT });
    expect(await view.locator('#result').textContent()).toBe(
      JSON.stringify(result.structuredContent, null, 2),
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await diagnose(page, messages)}`);
  } finally {
    await page.close();
  }
});
