/**
 * The prompt generator called directly: the exact file for the plain case, string arguments in
 * both input styles, and the names it refuses. test/devtools/stubs.test.ts compiles and runs its output.
 */
import { promptStub } from '../../src/devtools/prompt-stub';
import { StubError } from '../../src/devtools/stubs';

test('no arguments: the whole file', () => {
  expect(promptStub({ name: 'summarize' })).toEqual({
    file: 'summarize-prompts.ts',
    summary: 'The prompt "summarize" on the provider class SummarizePrompts.',
    code: `import { Prompt } from 'declarative-mcp';

export class SummarizePrompts {
  @Prompt({ description: 'TODO: what summarize asks for.' })
  summarize(): string {
    // A string is one user message; return a list of messages, or { messages }, for more.
    return \`TODO: the prompt text.\`;
  }
}`,
  });
});

test('zod arguments: every field a string, optional ones shown with a fallback', () => {
  const { code } = promptStub({
    name: 'review-code',
    description: "Reviews the user's code.",
    fields: 'topic, tone?: calm|harsh, count?: int[]',
  });
  expect(code).toContain(`export const ReviewCodeArgs = z.object({
  topic: z.string(),
  tone: z.enum(['calm', 'harsh']).optional(),
  count: z.string().optional(),
});`);
  expect(code).toContain(
    "@Prompt({ name: 'review-code', description: 'Reviews the user\\'s code.', args: ReviewCodeArgs })",
  );
  expect(code).toContain('reviewCode(args: z.infer<typeof ReviewCodeArgs>): string {');
  expect(code).toContain(
    `return \`TODO: the prompt text. topic: \${args.topic}, tone: \${args.tone ?? '(none)'}, count: \${args.count ?? '(none)'}\`;`,
  );
});

test('DTO arguments: a class found from the parameter type, no args option', () => {
  const stub = promptStub({ name: 'ask', fields: 'q', input: 'dto', className: 'Asking' });
  expect(stub.file).toBe('asking.ts');
  expect(stub.code).toContain("import { IsString } from 'class-validator';");
  expect(stub.code).toContain('export class AskArgs {\n  @IsString()\n  q!: string;\n}');
  expect(stub.code).toContain("@Prompt({ description: 'TODO: what ask asks for.' })");
  expect(stub.code).toContain('ask(args: AskArgs): string {');
});

test.each([
  [
    { name: 'sum up' },
    '"sum up" is not a usable prompt name: use letters, digits, "_", "-" and ".".',
  ],
  [{ name: '' }, '"" is not a usable prompt name: use letters, digits, "_", "-" and ".".'],
  [
    { name: 'p'.repeat(129) },
    `"${'p'.repeat(129)}" is not a usable prompt name: use letters, digits, "_", "-" and ".".`,
  ],
  [{ name: 'ok', className: 'ok' }, '"ok" is not a class name: use PascalCase, e.g. WeatherTools.'],
  [{ name: 'ok', fields: 'a, a' }, 'Field "a" is given twice.'],
])('%j is refused with a StubError', (request, message) => {
  expect(() => promptStub(request)).toThrow(new StubError(message));
  expect(() => promptStub(request)).toThrow(StubError);
});
