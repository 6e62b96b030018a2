/**
 * The tutorials as a new user runs them, word for word: the README's "Writing tools, resources and
 * prompts" steps and docs/getting-started.md. Their code blocks are read from the markdown (never
 * copied here): shell blocks run in order in a temporary folder, blocks that start with a file name
 * comment (`// src/server.ts`) are written to that file, and the `mcpServers` block is how the
 * official SDK client launches the server. The package comes from `npm pack` (the build `npm test`
 * just made); everything else is installed with npm from the registry. Once with TypeScript 5.9 and
 * once with 7: one project per line, the README first, then getting-started in the same project so
 * the installs are reused.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  alternatives,
  type Block,
  blocks,
  environment,
  fileOf,
  ROOT,
  STEP_TIMEOUT,
  shell,
  substitute,
} from './markdown';
import { installs, type Program, programs, withoutInstalls } from './programs';

/** The README's tutorial: from step 1 to the next section. */
function readmeTutorial(): Block[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('**1. A project.**');
  const end = readme.indexOf('\n### ', start);
  if (start < 0 || end < 0)
    throw new Error('README.md: the tutorial (step 1 to ###) is not found.');
  return blocks(readme.slice(start, end));
}

/** docs/getting-started.md up to its first marked program (the ESM variant, run as a program). */
function gettingStarted(): Block[] {
  const page = readFileSync(join(ROOT, 'docs', 'getting-started.md'), 'utf8');
  const marker = page.indexOf('<!-- program:');
  return blocks(marker < 0 ? page : page.slice(0, marker));
}

/** What running a tutorial left: its folder, and the commands a client launches the server with. */
interface Ran {
  folder: string;
  launches: string[][];
}

/** Runs a tutorial's blocks in order, starting in `cwd`. */
async function runTutorial(
  tutorial: Block[],
  cwd: string,
  tarball: string,
  typescript: string,
): Promise<Ran> {
  let folder = cwd;
  const launches: string[][] = [];
  for (const block of tutorial) {
    if (block.info.includes('fragment')) continue;
    const file = fileOf(block);
    if (file !== undefined) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), block.code);
    } else if (block.lang === 'bash' || block.lang === 'sh') {
      folder = await shell(substitute(block.code, tarball, typescript), folder);
      launches.push(...alternatives(block.code));
    } else if (block.lang === 'json' && block.code.includes('"mcpServers"')) {
      const servers = JSON.parse(block.code).mcpServers as Record<
        string,
        { command: string; args: string[] }
      >;
      for (const server of Object.values(servers)) launches.push([server.command, ...server.args]);
    }
  }
  // The client configuration's path is a placeholder for the user's own folder.
  return {
    folder,
    launches: launches.map((argv) =>
      argv.map((arg) =>
        arg.startsWith('/') && arg.endsWith('dist/server.js')
          ? join(folder, 'dist', 'server.js')
          : arg,
      ),
    ),
  };
}

/** Launches the server as an MCP client would, and calls `forecast` through the official client. */
async function useServer(argv: string[], folder: string, city: string): Promise<string> {
  const transport = new StdioClientTransport({
    command: argv[0],
    args: argv.slice(1),
    cwd: folder,
    env: environment() as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('forecast');
    const result = await client.callTool({ name: 'forecast', arguments: { city } });
    expect(result.isError).toBe(false);
    return (result.content as { type: string; text: string }[])[0].text;
  } catch (error) {
    throw new Error(`${argv.join(' ')} in ${folder}: ${(error as Error).message}\n${stderr}`);
  } finally {
    await client.close();
  }
}

let base: string;
let tarball: string;

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'src', 'index.js')))
    throw new Error(
      'dist/ is missing: run "npm run build" first ("npm test" does it before jest).',
    );
  base = mkdtempSync(join(tmpdir(), 'declarative-mcp-docs-'));
  // Already built: pack what is there, without running prepare again.
  const packed = await shell(
    `npm pack --ignore-scripts --silent --pack-destination "${base}" "${ROOT}" > "${base}/packed"`,
    base,
  );
  tarball = join(packed, readFileSync(join(base, 'packed'), 'utf8').trim().split('\n').pop()!);
}, STEP_TIMEOUT);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe.each([
  ['5.9', '~5.9.0', /^Version 5\.9\./],
  ['7', '7', /^Version 7\./],
])('TypeScript %s', (_line, spec, version) => {
  let project: string;
  let weather: string;

  beforeAll(() => {
    project = join(base, `typescript-${spec.replace(/\W/g, '')}`);
    mkdirSync(project);
  });

  test(
    'the README tutorial: install, tsc, stdio with the official client, step 4’s test',
    async () => {
      const ran = await runTutorial(readmeTutorial(), project, tarball, spec);
      weather = ran.folder;
      expect(await shell('npx tsc --version > tsc-version', weather)).toBe(weather);
      expect(readFileSync(join(weather, 'tsc-version'), 'utf8')).toMatch(version);
      expect(existsSync(join(weather, 'dist', 'server.js'))).toBe(true);
      expect(existsSync(join(weather, 'dist', 'server.test.js'))).toBe(true);
      // `node dist/server.js` and `npx declarative-mcp serve dist/server.js`.
      expect(ran.launches.length).toBeGreaterThanOrEqual(2);
      for (const launch of ran.launches) {
        expect(await useServer(launch, weather, 'Lisbon')).toBe('Sunny in Lisbon, 24 °C.');
      }
    },
    4 * STEP_TIMEOUT,
  );

  // Every complete program of docs/ (programs.ts says how a page marks one), in folders of the
  // tutorial's project: one install for all of them.
  const own = programs().filter(
    (program) => program.typescript === undefined || spec.startsWith(`~${program.typescript}`),
  );
  let installed: Promise<void> | undefined;

  test.each(own.map((program) => [program.title, program] as [string, Program]))(
    'docs program %s: written, installed, its commands run',
    async (_title, program) => {
      installed ??= shell(substitute(installs(own).join('\n'), tarball, spec), weather).then(
        () => undefined,
      );
      await installed;
      const folder = join(weather, 'docs-programs', program.slug);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, 'package.json'),
        `${JSON.stringify({ name: program.slug, private: true }, null, 2)}\n`,
      );
      writeFileSync(join(folder, 'tsconfig.json'), readFileSync(join(weather, 'tsconfig.json')));
      const env = environment();
      env.PATH = `${join(weather, 'node_modules', '.bin')}${delimiter}${env.PATH}`;
      let commands = 0;
      for (const block of program.blocks) {
        const file = fileOf(block);
        if (file !== undefined) {
          mkdirSync(dirname(join(folder, file)), { recursive: true });
          writeFileSync(join(folder, file), block.code);
        } else if (block.lang === 'bash' || block.lang === 'sh') {
          const script = withoutInstalls(block.code);
          if (script.trim() === '') continue;
          commands += 1;
          expect(await shell(script, folder, env)).toBe(folder);
        }
      }
      // A program no command runs proves nothing: its page must say how to run it.
      expect(commands).toBeGreaterThan(0);
    },
    4 * STEP_TIMEOUT,
  );

  test(
    'docs/getting-started.md in the same project: install, tsc, stdio, its test',
    async () => {
      for (const stale of ['src', 'dist', 'tsconfig.json'])
        rmSync(join(weather, stale), { recursive: true, force: true });
      const ran = await runTutorial(gettingStarted(), weather, tarball, spec);
      expect(ran.folder).toBe(weather);
      expect(ran.launches.length).toBeGreaterThanOrEqual(1);
      for (const launch of ran.launches) {
        expect(await useServer(launch, weather, 'Oslo')).toBe('Sunny in Oslo for 1 day(s).');
      }
    },
    4 * STEP_TIMEOUT,
  );
});
