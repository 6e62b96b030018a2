/**
 * Agent skills (SEP-2640, `io.modelcontextprotocol/skills`) served from folders and from a class:
 * `skills/list`, `skills/get`, `resources/directory/read`, and the skill files as resources.
 *
 *   npm run build
 *   node build/examples/skills.js                 # stdio
 *   node build/examples/skills.js --http --port 3000   # prints: listening http://127.0.0.1:3000/mcp
 *
 * The skills are in examples/skills/: `pdf-processing` (a folder with subfolders), and under
 * `catalog/` the skills `acme/billing/refunds` and `git-workflow` (found by `root`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  McpApplication,
  Skill,
  SkillFile,
  type SkillSource,
  serveHttp,
  serveStdio,
  Tool,
} from 'declarative-mcp';
import { z } from 'zod';
import { portOf } from './port';

/** examples/skills, from examples/skills.ts (ts-jest) or build/examples/skills.js alike. */
const SKILLS = existsSync(join(__dirname, 'skills', 'pdf-processing'))
  ? join(__dirname, 'skills')
  : join(__dirname, '..', '..', 'examples', 'skills');

/** A skill from a folder: its name is the frontmatter's `name`, which equals the folder's. */
@Skill({ dir: join(SKILLS, 'pdf-processing') })
export class PdfProcessing {}

/** Euros sold by hour, as the report skill's data file shows them. */
const sales = new Map<number, number>([
  [9, 120],
  [10, 340],
]);

export class SalesTools {
  @Tool({
    description: 'Records a sale of `amount` euros at the current hour.',
    input: z.object({ amount: z.number().positive() }),
  })
  record({ amount }: { amount: number }): string {
    const hour = new Date().getHours();
    sales.set(hour, (sales.get(hour) ?? 0) + amount);
    return `Recorded ${amount} €.`;
  }
}

/** Turns a skill off and on: clients get `notifications/resources/list_changed`. */
export class SkillSwitch {
  @Tool({
    description: 'Turns the skill at `path` (e.g. acme/billing/refunds) off or on.',
    input: z.object({ path: z.string(), enabled: z.boolean() }),
  })
  set_skill({ path, enabled }: { path: string; enabled: boolean }): string {
    if (enabled) app.enable(path, 'skill');
    else app.disable(path, 'skill');
    return `${path} is ${enabled ? 'on' : 'off'}.`;
  }
}

/** A skill generated on each read: listed with `resources: "dynamic"` (no digests to publish). */
@Skill({
  name: 'daily-report',
  description:
    "Write today's sales report from the live sales figures. Use when asked how sales went today.",
  dynamic: true,
  prefix: 'reports',
})
export class DailyReport {
  @SkillFile('SKILL.md')
  instructions(): string {
    return '# Daily report\n\nRead `data/today.csv` (hour, euros) and summarize the day in three lines.\n';
  }

  @SkillFile('data/today.csv')
  today(): string {
    return ['hour,euros', ...[...sales].map(([hour, euros]) => `${hour},${euros}`)].join('\n');
  }
}

/** Every skill folder under catalog/: `acme/billing/refunds` and `git-workflow`. */
export const skills: SkillSource[] = [{ root: join(SKILLS, 'catalog') }];

export const app = McpApplication.create({
  name: 'skills-example',
  version: '1.0.0',
  instructions: 'Skills are listed by skills/list; read skill://pdf-processing/SKILL.md to start.',
  providers: [PdfProcessing, DailyReport, SalesTools, SkillSwitch],
  skills,
  listChanged: true,
});

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (!argv.includes('--http')) {
    process.exitCode = await serveStdio(app);
    return;
  }
  const server = await serveHttp(app, { port: portOf(argv), host: '127.0.0.1', path: '/mcp' });
  process.stdout.write(`listening ${server.url}\n`);
  const stop = (): void => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
