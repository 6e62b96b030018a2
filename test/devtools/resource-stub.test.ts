/**
 * The resource generator called directly: a fixed resource and a template in both input
 * styles, exact, and the requests it refuses. test/devtools/stubs.test.ts compiles and runs its output.
 */
import { resourceStub } from '../../src/devtools/resource-stub';
import { StubError } from '../../src/devtools/stubs';

test('a fixed resource: the whole file', () => {
  expect(resourceStub({ uri: 'notes://index' })).toEqual({
    file: 'notes-resources.ts',
    summary: 'The fixed resource notes://index on the provider class NotesResources.',
    code: `import { Resource } from 'declarative-mcp';

export class NotesResources {
  @Resource({
    uri: 'notes://index',
    name: 'index',
    description: 'TODO: what notes://index holds.',
    mimeType: 'text/plain',
  })
  index(): string {
    // A string is sent as text; a Buffer or Uint8Array as a base64 blob.
    return 'TODO: the contents of notes://index';
  }
}`,
  });
});

test('a template with zod variables: the whole file', () => {
  expect(resourceStub({ uriTemplate: 'notes://{slug}' })).toEqual({
    file: 'notes-resources.ts',
    summary: 'The resource template notes://{slug} on the provider class NotesResources.',
    code: `import { Resource } from 'declarative-mcp';
import { z } from 'zod';

/** The variables of notes://{slug}. */
export const SlugVariables = z.object({
  slug: z.string(),
});

export class NotesResources {
  @Resource({
    uriTemplate: 'notes://{slug}',
    name: 'slug',
    description: 'TODO: what notes://{slug} holds.',
    mimeType: 'text/plain',
    variables: SlugVariables,
  })
  slug(variables: z.infer<typeof SlugVariables>): string | undefined {
    // Return undefined when the URI names nothing: the client gets -32002 (resource not found).
    // A string is sent as text; a Buffer or Uint8Array as a base64 blob.
    return \`TODO: the contents for \${variables.slug}\`;
  }
}`,
  });
});

test('a template with a DTO: every variable a string property, the class named in variables', () => {
  const { code } = resourceStub({ uriTemplate: 'files://{dir}/{+path}', input: 'dto' });
  expect(code).toContain(
    'export class PathVariables {\n  @IsString()\n  dir!: string;\n\n  @IsString()\n  path!: string;\n}',
  );
  expect(code).toContain('    variables: PathVariables,\n');
  expect(code).toContain('path(variables: PathVariables): string | undefined {');
  expect(code).toContain(
    `return \`TODO: the contents for \${variables.dir}, \${variables.path}\`;`,
  );
});

test('name, description, MIME type and class as given; a template without variables is read like a fixed one', () => {
  const stub = resourceStub({
    uriTemplate: 'config://app',
    name: 'app config',
    description: 'The settings.',
    mimeType: 'application/json',
    className: 'Settings',
  });
  expect(stub.file).toBe('settings.ts');
  expect(stub.summary).toBe('The fixed resource config://app on the provider class Settings.');
  expect(stub.code).toContain("uriTemplate: 'config://app',");
  expect(stub.code).toContain("name: 'app config',");
  expect(stub.code).toContain("mimeType: 'application/json',");
  expect(stub.code).toContain('appConfig(): string {');
  expect(stub.code).not.toContain('variables');
});

const EXACTLY_ONE =
  "Give exactly one of uri ('notes://index', a fixed resource) and uriTemplate ('notes://{slug}', a template).";

test.each([
  [{}, EXACTLY_ONE],
  [{ uri: '', uriTemplate: '' }, EXACTLY_ONE],
  [{ uri: 'a://b', uriTemplate: 'a://{b}' }, EXACTLY_ONE],
  [{ uri: 'no-scheme' }, '"no-scheme" has no scheme: resource URIs look like notes://index.'],
  [{ uri: '1a://b' }, '"1a://b" has no scheme: resource URIs look like notes://index.'],
  [{ uri: 'a://b', className: 'a' }, '"a" is not a class name: use PascalCase, e.g. WeatherTools.'],
])('%j is refused: %s', (request, message) => {
  expect(() => resourceStub(request)).toThrow(new StubError(message));
});

test('a template that does not parse: the parser says why, with the syntax to use', () => {
  expect(() => resourceStub({ uriTemplate: 'notes://{slug' })).toThrow(StubError);
  expect(() => resourceStub({ uriTemplate: 'notes://{slug' })).toThrow(
    /^The URI template does not parse: .+\. Use RFC 6570 syntax, e\.g\. notes:\/\/\{slug\}\.$/,
  );
});
