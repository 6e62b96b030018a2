import 'reflect-metadata';
import { z } from 'zod';
import { Tool } from '../../decorators';
import { ToolError } from '../core';
import { search, wordsOf } from './search';
import type { DevtoolsState } from './state';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

const SearchArgs = z.object({
  query: z
    .string()
    .describe('Words to look for, e.g. "McpApplication create" or "scopes authorize".'),
  limit: z.number().int().min(1).max(50).default(10).describe('How many results (default 10).'),
});

const ExportsArgs = z.object({
  entry: z
    .string()
    .default('declarative-mcp')
    .describe(
      'The entry point: declarative-mcp (default), declarative-mcp/decorators, declarative-mcp/testing or declarative-mcp/devtools.',
    ),
  kind: z
    .enum(['class', 'function', 'interface', 'type', 'const', 'variable', 'enum', 'namespace'])
    .optional()
    .describe('Only this kind of export.'),
  filter: z.string().optional().describe('Only names containing this text (case-insensitive).'),
  members: z.boolean().default(false).describe("Include each class's public members."),
});

/** The documentation search and the package's public API, as the build declares it. */
export class DevtoolsReference {
  constructor(private readonly state: DevtoolsState) {}

  @Tool({
    name: 'search_documentation',
    title: 'Search the documentation',
    description:
      'Full-text search over the guide and the docs/ pages. Exported symbols the query names come first (McpApplication create → McpApplication.create). Each result: { resource, line, excerpt }, plus symbol, kind and entry for symbols; read the page with resources/read.',
    input: SearchArgs,
    annotations: READ_ONLY,
  })
  searchDocumentation({ query, limit }: z.infer<typeof SearchArgs>): string {
    if (wordsOf(query).length === 0) {
      throw new ToolError(
        'The query has no words to look for: give one or more, e.g. "resource template".',
      );
    }
    const results = search(this.state.documents, this.state.symbols(), query, limit);
    return JSON.stringify({ query, results }, null, 2);
  }

  @Tool({
    name: 'list_exports',
    title: 'List the public API',
    description:
      "Every exported name of a declarative-mcp entry point with its kind and one-line TSDoc summary, generated from the build's .d.ts files.",
    input: ExportsArgs,
    annotations: READ_ONLY,
  })
  listExports({ entry, kind, filter, members }: z.infer<typeof ExportsArgs>): string {
    const loaded = this.state.exportsIndex();
    if ('error' in loaded)
      throw new ToolError(`The export index is not available: ${loaded.error}`);
    const { index, source } = loaded;
    const list = index.entries[entry];
    if (list === undefined) {
      throw new ToolError(
        `Unknown entry point "${entry}". Known: ${Object.keys(index.entries).join(', ')}.`,
      );
    }
    const needle = filter?.toLowerCase();
    const exports = list
      .filter((item) => kind === undefined || item.kind === kind)
      .filter((item) => needle === undefined || item.name.toLowerCase().includes(needle))
      .map((item) => (members ? item : { ...item, members: undefined }));
    return JSON.stringify(
      {
        package: index.package,
        version: index.version,
        entry,
        source,
        count: exports.length,
        exports,
      },
      null,
      2,
    );
  }
}
