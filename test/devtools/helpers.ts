/**
 * Shared by the devtools tests: the text of a tool result, the JSON inside it, the ```ts block of a
 * generated stub, and the JSON-RPC error a promise rejects with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Mcp } from 'declarative-mcp';
import { McpClientError } from 'declarative-mcp/testing';

/** The text of a result's only content block. */
export function textOf(result: Mcp.CallToolResult): string {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  if (block.type !== 'text') throw new Error(`expected text content, got ${block.type}`);
  return block.text;
}

/** The JSON a successful tool answered. */
export function jsonOf<T = any>(result: Mcp.CallToolResult): T {
  expect(result.isError).toBe(false);
  return JSON.parse(textOf(result)) as T;
}

/** The message of an `isError` result. */
export function failureOf(result: Mcp.CallToolResult): string {
  expect(result.isError).toBe(true);
  return textOf(result);
}

/** The ```ts block of a generator's answer. */
export function codeOf(result: Mcp.CallToolResult): string {
  const text = textOf(result);
  expect(result.isError).toBe(false);
  const match = /```ts\n([\s\S]*?)\n```/.exec(text);
  if (match === null) throw new Error(`no \`\`\`ts block in:\n${text}`);
  return match[1];
}

/** The McpClientError a promise rejects with. */
export async function rpcError(promise: Promise<unknown>): Promise<McpClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpClientError);
  return error as McpClientError;
}

/** The URIs a client could make up to reach outside the documentation folder. */
export const PATH_LIKE_URIS = [
  'declarative-mcp://docs/../../etc/passwd',
  'declarative-mcp://docs/../package.json',
  'declarative-mcp://docs/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'declarative-mcp://docs/%2E%2E/%2E%2E/etc/passwd',
  'declarative-mcp://docs/..%2f..%2fpackage.json',
  'declarative-mcp://docs/%252e%252e%252fpackage.json',
  'declarative-mcp://docs//etc/passwd',
  'declarative-mcp://docs/C:\\Windows\\win.ini',
  'declarative-mcp://docs/getting-started.md/../../../package.json',
  'declarative-mcp://docs/./getting-started.md',
  'declarative-mcp://docs/GETTING-STARTED.MD',
  'declarative-mcp://docs/guide.md',
  'declarative-mcp://../../etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  '../../etc/passwd',
];

export const ROOT = join(__dirname, '..', '..');
export const DOCS = join(ROOT, 'docs');
/** The guide, as the package ships it. */
export const GUIDE = readFileSync(join(DOCS, 'guide.md'), 'utf8');

/** The devtools' tools, exactly. */
export const TOOLS = [
  'describe_application',
  'describe_provider',
  'describe_definition',
  'generate_provider_stub',
  'generate_tool_stub',
  'generate_resource_stub',
  'generate_app_stub',
  'generate_prompt_stub',
  'generate_test_stub',
  'validate_schema',
  'search_documentation',
  'list_exports',
];

/** Every markdown file under docs/, relative, with \`/\`. */
export function markdownFiles(dir: string = DOCS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [relative(DOCS, join(dir, entry.name)).split(sep).join('/')]
        : [],
  );
}
