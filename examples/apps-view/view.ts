/**
 * The task board's view: browser code, bundled by scripts/build-apps.js with esbuild into
 * build/examples/apps-view.html, which examples/apps.ts serves as ui://tasks/board. It uses
 * ext-apps' own `App` class to receive the `show_board` result from the host and to call
 * `complete_task` through the host.
 */
import { App } from '@modelcontextprotocol/ext-apps';

interface Task {
  id: number;
  title: string;
  done: boolean;
}

interface ToolResult {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const list = document.getElementById('tasks') as HTMLUListElement;
const status = document.getElementById('status') as HTMLParagraphElement;

/** The text content of a result: what the model reads, shown here as a status line. */
function textOf(result: ToolResult): string {
  return (result.content ?? [])
    .map((block) => (block.type === 'text' ? (block.text ?? '') : ''))
    .join(' ');
}

function render(tasks: Task[]): void {
  list.replaceChildren(
    ...tasks.map((task) => {
      const item = document.createElement('li');
      item.dataset.id = String(task.id);
      item.className = task.done ? 'done' : 'open';
      const title = document.createElement('span');
      title.className = 'title';
      title.textContent = `#${task.id} ${task.title}`;
      item.append(title);
      if (!task.done) {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.complete = String(task.id);
        button.textContent = 'Done';
        item.append(button);
      }
      return item;
    }),
  );
}

/** Renders a result: the board from its structured content, its text as the status line. */
function show(result: ToolResult): void {
  const tasks = result.structuredContent?.tasks;
  if (!result.isError && Array.isArray(tasks)) render(tasks as Task[]);
  status.textContent = textOf(result);
}

const app = new App({ name: 'Task board view', version: '1.0.0' });

// Set before connect(): the host may send the result as soon as the handshake ends.
app.ontoolresult = (result) => show(result as ToolResult);

list.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest('button[data-complete]');
  if (!(button instanceof HTMLButtonElement)) return;
  button.disabled = true;
  status.textContent = 'Completing…';
  app
    .callServerTool({ name: 'complete_task', arguments: { id: Number(button.dataset.complete) } })
    .then((result) => show(result as ToolResult))
    .catch((error: unknown) => {
      button.disabled = false;
      status.textContent = `The host refused the call: ${(error as Error).message}`;
    });
});

app.connect().catch((error: unknown) => {
  status.textContent = `Could not reach the host: ${(error as Error).message}`;
});
