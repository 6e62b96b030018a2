/**
 * The seed's notes server, written with decorators: two fixed resources, a URI template that
 * reads any note, a `summarize` prompt and a `count` tool.
 *
 *   npm run build
 *   printf '%s\n' \
 *     '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}' \
 *     '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
 *     '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}' \
 *     | node build/examples/notes.js
 */
import { McpApplication, Prompt, Resource, serveStdio, Tool } from 'declarative-mcp';
import { z } from 'zod';

/** The notes, by slug. `standup` is listed by no fixed resource: the template reads it. */
const NOTES: ReadonlyMap<string, string> = new Map([
  ['welcome', 'Welcome to the team!'],
  ['deploy', 'Deploys run on Fridays.'],
  ['standup', 'Stand-up is at 9:30.'],
]);

export class NotesProvider {
  @Resource({ uri: 'notes://welcome', name: 'welcome', mimeType: 'text/plain' })
  welcome(): string | undefined {
    return NOTES.get('welcome');
  }

  @Resource({ uri: 'notes://deploy', name: 'deploy', mimeType: 'text/plain' })
  deploy(): string | undefined {
    return NOTES.get('deploy');
  }

  /** Any note by its slug; an unknown slug returns nothing, which answers Resource not found (-32002). */
  @Resource({ uriTemplate: 'notes://{slug}', name: 'note', mimeType: 'text/plain' })
  note({ slug }: { slug: string }): string | undefined {
    return NOTES.get(slug);
  }

  @Prompt({ description: 'Summarize one note.', args: z.object({ slug: z.string() }) })
  summarize({ slug }: { slug: string }): string {
    return `Summarize the note notes://${slug}.`;
  }

  @Tool({ description: 'How many notes there are.', annotations: { readOnlyHint: true } })
  count(): string {
    return `${NOTES.size} notes.`;
  }
}

export const app = McpApplication.create({
  name: 'Notes',
  version: '1.0.0',
  providers: [NotesProvider],
});

if (require.main === module) {
  serveStdio(app).then((code) => {
    process.exitCode = code;
  });
}
