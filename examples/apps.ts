/**
 * MCP Apps: a task board whose tool comes with an interactive view. `show_board` lists the tasks
 * (text for the model and for hosts without apps, structured content for the view); the view,
 * ui://tasks/board, is built on ext-apps' `App` class (examples/apps-view/view.ts, bundled by
 * `npm run build`) and calls `complete_task` through the host when a "Done" button is clicked.
 *
 *   npm run build
 *   node build/examples/apps.js                     # stdio
 *   node build/examples/apps.js --http [--port N]   # Streamable HTTP; prints: listening http://127.0.0.1:N/mcp
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Call,
  McpApplication,
  type McpCall,
  Resource,
  serveHttp,
  serveStdio,
  Tool,
  ToolError,
} from 'declarative-mcp';
import { z } from 'zod';
import { portOf } from './port';

/** The view's HTML document, written next to this file by scripts/build-apps.js. */
export const VIEW_FILE = join(__dirname, 'apps-view.html');

const BOARD = z.object({
  tasks: z.array(z.object({ id: z.number(), title: z.string(), done: z.boolean() })),
});
type Board = z.infer<typeof BOARD>;

export class TaskBoard {
  private readonly tasks = [
    { id: 1, title: 'Write the release notes', done: false },
    { id: 2, title: 'Review the HTTP hardening', done: false },
    { id: 3, title: 'Book the team lunch', done: true },
  ];

  private board(): Board {
    return { tasks: this.tasks.map((task) => ({ ...task })) };
  }

  /** Text that stands alone: the model reads it, and hosts without MCP Apps show only it. */
  private summary(): string {
    const open = this.tasks.filter((task) => !task.done);
    return `${open.length} of ${this.tasks.length} tasks open: ${this.tasks
      .map((task) => `#${task.id} ${task.title} (${task.done ? 'done' : 'open'})`)
      .join('; ')}.`;
  }

  @Tool({
    title: 'Task board',
    description: "Show the team's task board. Hosts with MCP Apps show it as an interactive board.",
    output: BOARD,
    annotations: { readOnlyHint: true },
    ui: 'ui://tasks/board',
  })
  show_board(@Call() call: McpCall) {
    const hint = call.supportsApps ? '' : ' Open it in a host with MCP Apps to tick tasks off.';
    return {
      content: [{ type: 'text', text: this.summary() + hint }],
      structuredContent: this.board(),
    };
  }

  @Tool({
    description: 'Mark a task done. Called by the board view.',
    input: z.object({ id: z.number().int() }),
    output: BOARD,
    ui: { resourceUri: 'ui://tasks/board', visibility: ['app'] },
  })
  complete_task({ id }: { id: number }) {
    const task = this.tasks.find((t) => t.id === id);
    if (task === undefined) throw new ToolError(`There is no task #${id}.`);
    task.done = true;
    return {
      content: [{ type: 'text', text: `Task #${id} "${task.title}" is done.` }],
      structuredContent: this.board(),
    };
  }

  @Resource({
    uri: 'ui://tasks/board',
    name: 'task-board',
    title: 'Task board view',
    description: 'The interactive view of show_board.',
    app: { prefersBorder: true },
  })
  view(): Buffer {
    return readFileSync(VIEW_FILE);
  }
}

export const app = McpApplication.create({
  name: 'Task board',
  version: '1.0.0',
  providers: [TaskBoard],
});

async function main(argv: readonly string[]): Promise<void> {
  if (!existsSync(VIEW_FILE)) {
    process.stderr.write(
      `${VIEW_FILE} is missing: "npm run build" bundles the view (scripts/build-apps.js).\n`,
    );
    process.exitCode = 1;
    return;
  }
  if (!argv.includes('--http')) {
    process.exitCode = await serveStdio(app);
    return;
  }
  const server = await serveHttp(app, { port: portOf(argv) });
  process.stdout.write(`listening ${server.url}\n`);
  const stop = (): void => {
    void server.close();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  });
}
