import 'reflect-metadata';
import { Skill } from '../../decorators';
import type { DocumentPage, DocumentSet } from './documents';

/** One skill of the framework's guide: its name, when to use it, its main page and references. */
interface GuideSkill {
  name: string;
  description: string;
  /** The page whose text is the body of SKILL.md (`guide.md`: the guide). */
  main: string;
  /** Pages copied as `references/<file>`, when present. */
  references: string[];
}

const GUIDE_SKILLS: readonly GuideSkill[] = [
  {
    name: 'guide',
    description:
      'Build MCP servers with declarative-mcp: decorated provider classes, McpApplication.create, stdio and HTTP. Use when writing, changing or reviewing a declarative-mcp server.',
    main: 'guide.md',
    references: ['getting-started.md', 'errors.md', 'mcp-2026.md'],
  },
  {
    name: 'decorators',
    description:
      'The declarative-mcp decorators (@Tool, @Resource, @Prompt, @Skill, @Context, @Call, @Use) and their options. Use when declaring tools, resources, prompts or skills.',
    main: 'tools.md',
    references: [
      'resources.md',
      'prompts.md',
      'skills.md',
      'schemas.md',
      'context-and-calls.md',
      'interceptors.md',
      'dependency-injection.md',
      'apps.md',
      'tasks.md',
    ],
  },
  {
    name: 'testing',
    description:
      'Test a declarative-mcp application with the in-memory client of declarative-mcp/testing, in both MCP revisions. Use when writing tests for providers.',
    main: 'testing.md',
    references: ['devtools.md'],
  },
  {
    name: 'scale-out',
    description:
      'Serve a declarative-mcp application from several processes on a shared state adapter (Redis), with HTTP hardening and authorization. Use when deploying behind a load balancer.',
    main: 'scale-out.md',
    references: ['transports-http.md', 'hardening.md', 'authorization.md'],
  },
  {
    name: 'transports',
    description:
      'Serve a declarative-mcp application over stdio, Streamable HTTP (node, Express, Fastify, NestJS) and MCP 2026-07-28. Use when choosing or configuring a transport.',
    main: 'transports-stdio.md',
    references: ['transports-http.md', 'nestjs.md', 'mcp-2026.md'],
  },
];

/** A SKILL.md: the frontmatter (JSON strings are YAML scalars), the page, and its references. */
function skillMd(skill: GuideSkill, main: DocumentPage, references: DocumentPage[]): string {
  const lines = [
    '---',
    `name: ${skill.name}`,
    `description: ${JSON.stringify(skill.description)}`,
    'license: MIT',
    '---',
    '',
    main.text.trimEnd(),
    '',
  ];
  if (references.length > 0) {
    lines.push('## References', '');
    for (const page of references) lines.push(`- \`references/${page.path}\`: ${page.title}`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The guide and the documentation pages as agent skills (SEP-2640) under
 * `skill://declarative-mcp/<name>`: one `@Skill({ files })` class per skill, generated from the
 * pages the devtools already serve (read once at start-up), so a skills-aware client learns the
 * framework without calling a tool. A skill whose main page is missing from the docs folder is
 * left out; so is a missing reference.
 */
export function skillProviders(documents: DocumentSet): Array<new () => object> {
  const byPath = new Map<string, DocumentPage>([[documents.guide.path, documents.guide]]);
  for (const page of documents.pages) byPath.set(page.path, page);
  const providers: Array<new () => object> = [];
  for (const skill of GUIDE_SKILLS) {
    const main = byPath.get(skill.main);
    if (main === undefined) continue;
    const references = skill.references
      .map((path) => byPath.get(path))
      .filter((page): page is DocumentPage => page !== undefined && !page.path.includes('/'));
    const files: Record<string, string> = { 'SKILL.md': skillMd(skill, main, references) };
    for (const page of references) files[`references/${page.path}`] = page.text;
    const Provider = class {};
    Object.defineProperty(Provider, 'name', { value: 'DevtoolsSkills' });
    Skill({ files, prefix: 'declarative-mcp' })(Provider);
    providers.push(Provider);
  }
  return providers;
}
