/**
 * The layers of ARCHITECTURE.md, checked on every `npm test` (`npm run deps`) so they hold by a
 * tool rather than by memory: bytes → transports → core ← registry (with schema and di) ← the
 * decorators' records; the devtools on the public faces only; no import circles anywhere.
 * Type-only imports count: a circle of types is still two modules that cannot be read apart.
 */

/** A folder's public face: other layers import its index.ts, never its inner files. */
const FACES = [
  'src/core/index.ts',
  'src/registry/index.ts',
  'src/tasks/index.ts',
  'src/schema/index.ts',
  'src/di/index.ts',
  'src/transports/http/index.ts',
  // The fetch face is its own entry (declarative-mcp/fetch): it must not load the node face.
  'src/transports/http/fetch/index.ts',
  'src/transports/stdio/index.ts',
  'src/testing/index.ts',
  'src/devtools/index.ts',
  'src/nestjs/index.ts',
  'src/cli/index.ts',
  'src/adapter/index.ts',
  'src/redis/index.ts',
  // The Web-standard entry (declarative-mcp/fetch): one file that names the fetch face's exports.
  'src/fetch/index.ts',
  'decorators/index.ts',
  // The records the decorators write, which the registry reads (ARCHITECTURE.md 3): the one
  // inner module of a layer another layer may import, so they stay out of the public entries.
  'decorators/metadata.ts',
  // The skill records, which @Skill and @SkillFile write beside them.
  'decorators/skill.ts',
];

const literal = (path) => path.replace(/[.]/g, '\\.');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make modules that cannot be read, tested or loaded apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stands-alone',
      severity: 'error',
      comment:
        'ARCHITECTURE.md 1: the core is stateless and transport-free; it knows no other layer.',
      from: { path: '^src/core/' },
      to: { path: '^(src/(?!core/)|decorators/)' },
    },
    {
      name: 'decorators-only-record',
      severity: 'error',
      comment:
        "ARCHITECTURE.md 2: decorators record metadata, nothing else; they may name the core's types.",
      from: { path: '^decorators/' },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'tasks-on-core-and-adapter',
      severity: 'error',
      comment:
        "ARCHITECTURE.md: the tasks layer plugs its methods into the core (McpCore's method-family seam) and keeps tasks in the state adapter; it knows no registry, transport, CLI or devtools.",
      from: { path: '^src/tasks/' },
      to: { path: '^(src/(?!(tasks|core|adapter)/)|decorators/)' },
    },
    {
      name: 'tasks-under-the-registry',
      severity: 'error',
      comment:
        'The tasks layer is plugged into an application by the registry (task tools) and spoken by the testing kit; the core, the transports, the adapters and the faces know nothing of it (the main entry, its namespace Mcp in src/mcp.ts, and the fetch entry name its types).',
      from: {
        path: '^(src/(?!(tasks|registry|testing)/)|decorators/)',
        pathNot: '^src/(index|mcp|fetch/index)\\.ts$',
      },
      to: { path: '^src/tasks/' },
    },
    {
      name: 'registry-below-transports',
      severity: 'error',
      comment:
        'ARCHITECTURE.md 3: the registry (with schema and di) builds closures for the core; it knows no transport, CLI or devtools.',
      from: { path: '^src/(registry|schema|di)/' },
      to: { path: '^src/(transports|cli|devtools|testing)/' },
    },
    {
      name: 'transports-know-the-core',
      severity: 'error',
      comment:
        'ARCHITECTURE.md 4: a transport hands payloads to the core (McpCore or anything with a core); it knows nothing above it, nor the other transport.',
      from: { path: '^src/transports/(http|stdio)/' },
      to: {
        path: '^(src/(registry|schema|di|cli|devtools|testing|nestjs)/|decorators/)',
      },
    },
    {
      name: 'transports-apart',
      severity: 'error',
      comment: 'stdio and HTTP share nothing but the core.',
      from: { path: '^src/transports/stdio/' },
      to: { path: '^src/transports/http/' },
    },
    {
      name: 'transports-apart-back',
      severity: 'error',
      comment: 'stdio and HTTP share nothing but the core.',
      from: { path: '^src/transports/http/' },
      to: { path: '^src/transports/stdio/' },
    },
    {
      name: 'testing-on-the-core',
      severity: 'error',
      comment:
        "declarative-mcp/testing is a client of the core (in memory, or over its own HTTP and stdio wires), speaking tasks with the tasks layer's names: it loads no transport, registry or CLI.",
      from: { path: '^src/testing/' },
      to: { path: '^(src/(?!core/|tasks/|testing/)|decorators/)' },
    },
    {
      name: 'devtools-on-the-public-api',
      severity: 'error',
      comment:
        'ARCHITECTURE.md 8: the devtools are an ordinary application on the public API; they never load the CLI.',
      from: { path: '^src/devtools/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'nothing-loads-the-cli',
      severity: 'error',
      comment:
        'The CLI sits on top: no library module loads it (requiring declarative-mcp must not load the command line).',
      from: { path: '^(src/(?!cli/)|decorators/)' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'main-entry-without-devtools',
      severity: 'error',
      comment: 'declarative-mcp/devtools is its own entry point; the main entry does not load it.',
      from: { path: '^src/(index|mcp)\\.ts$' },
      to: { path: '^src/devtools/' },
    },
    {
      name: 'main-entry-without-redis',
      severity: 'error',
      comment:
        'declarative-mcp/redis is its own entry point (ioredis is an optional peer dependency); nothing else loads it, but the CLI, which (like a user) loads it for `serve --redis` only.',
      from: { path: '^(src/(?!(redis|cli)/)|decorators/)' },
      to: { path: '^src/redis/' },
    },
    {
      name: 'redis-is-an-adapter',
      severity: 'error',
      comment:
        "The Redis adapter implements the StateAdapter interface (src/adapter) with the core's errors; it knows no transport, registry or CLI.",
      from: { path: '^src/redis/' },
      to: { path: '^(src/(?!(redis|adapter|core)/)|decorators/)' },
    },
    {
      name: 'adapter-on-the-core',
      severity: 'error',
      comment:
        "ARCHITECTURE.md 7: the state adapter's interface and its in-memory form know the core's types and errors, nothing above.",
      from: { path: '^src/adapter/' },
      to: { path: '^(src/(?!(adapter|core)/)|decorators/)' },
    },
    {
      name: 'nestjs-is-a-face',
      severity: 'error',
      comment:
        'declarative-mcp/nestjs mounts the registry and the HTTP transport in Nest; it loads no other transport, the CLI, the devtools, the testing kit or Redis.',
      from: { path: '^src/nestjs/' },
      to: { path: '^src/(transports/stdio|cli|devtools|testing|redis)/' },
    },
    {
      name: 'fetch-entry-names-the-fetch-face',
      severity: 'error',
      comment:
        "declarative-mcp/fetch (src/fetch) is the HTTP transport's Web-standard face, the core and the application (McpApplication, so that a Worker app needs nothing from the main entry, whose stdio and node:http parts a Worker cannot load), nothing else: no node face, no Redis (ARCHITECTURE.md 4: code reachable from the fetch face imports no node: module; test/fetch/node-free.test.ts and the workerd test check it).",
      from: { path: '^src/fetch/' },
      to: {
        path: '^(src/(?!(fetch/|core/|registry/index\\.ts$|transports/http/fetch/))|decorators/)',
        // A type-only import or re-export (the namespace Mcp, the option types the application's
        // signatures name) is erased in the build: it loads nothing.
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'nothing-loads-the-fetch-entry',
      severity: 'error',
      comment:
        'declarative-mcp/fetch is an entry point: a user loads it, no module of the package does.',
      from: { path: '^(src/(?!fetch/)|decorators/)' },
      to: { path: '^src/fetch/' },
    },
    {
      name: 'http-group-faces',
      severity: 'error',
      comment:
        "ARCHITECTURE.md 4: the HTTP transport's groups (request, auth, session, stream, pipeline, node) are imported through their index.ts from outside the group.",
      from: { path: '^(src/transports/http/[^/]+/)' },
      to: {
        path: '^src/transports/http/[^/]+/',
        pathNot: ['^src/transports/http/[^/]+/index\\.ts$', '^$1'],
      },
    },
    {
      name: 'http-root-through-faces',
      severity: 'error',
      comment: "The HTTP transport's own top-level modules reach a group through its index.ts too.",
      from: { path: '^src/transports/http/[^/]+\\.ts$' },
      to: {
        path: '^src/transports/http/[^/]+/',
        pathNot: '^src/transports/http/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'http-request-at-the-bottom',
      severity: 'error',
      comment:
        'The request group (body, media, Host/Origin, CORS, JSON answers) is what every other group stands on; it knows none of them.',
      from: { path: '^src/transports/http/request/' },
      to: { path: '^src/transports/http/(?!request/)' },
    },
    {
      name: 'http-auth-on-request',
      severity: 'error',
      comment: 'Authentication stands on the request group only.',
      from: { path: '^src/transports/http/auth/' },
      to: { path: '^src/transports/http/(?!(auth|request)/)' },
    },
    {
      name: 'http-stream-on-request',
      severity: 'error',
      comment: 'The streams stand on the request group only.',
      from: { path: '^src/transports/http/stream/' },
      to: { path: '^src/transports/http/(?!(stream|request)/)' },
    },
    {
      name: 'http-session-below-pipeline',
      severity: 'error',
      comment:
        'Sessions know requests, auth and streams; the pipeline and the faces sit above them.',
      from: { path: '^src/transports/http/session/' },
      to: { path: '^src/transports/http/(pipeline|node|fetch)/' },
    },
    {
      name: 'http-pipeline-below-faces',
      severity: 'error',
      comment:
        'The pipeline holds the policy; the faces translate in and out, and it knows none of them.',
      from: { path: '^src/transports/http/pipeline/' },
      to: { path: '^src/transports/http/(node|fetch)/' },
    },
    {
      name: 'faces-only',
      severity: 'error',
      comment:
        "STYLE.md: other layers import a layer's index.ts, never its inner files (the main entry, src/index.ts, is a face too).",
      from: { path: '^(src/transports/[^/]+/|src/[^/]+/|decorators/)' },
      to: {
        path: '^(src/(core|registry|tasks|schema|di|testing|devtools|cli|adapter|redis|nestjs|fetch)/|src/transports/(http|stdio)/|decorators/)',
        pathNot: [`^(${FACES.map(literal).join('|')})$`, '^$1'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|decorators)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.build.json' },
    combinedDependencies: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
