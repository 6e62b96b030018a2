/**
 * The tool generator (src/devtools/tool-stub.ts) called directly: names, what each option adds,
 * and the requests it refuses. test/devtools/stubs.test.ts compiles and runs its output.
 */

import { Imports } from '../../src/devtools/code';
import { StubError } from '../../src/devtools/stubs';
import { renderTools, toolStub } from '../../src/devtools/tool-stub';

describe('toolStub', () => {
  test('a tool on a provider class named after it, in a kebab-case file', () => {
    const stub = toolStub({ name: 'get_weather', fields: 'city: string' });
    expect(stub.file).toBe('get-weather-tools.ts');
    expect(stub.summary).toBe(
      'The tool "get_weather" (zod input) on the provider class GetWeatherTools.',
    );
    expect(stub.code).toContain('export class GetWeatherTools {');
    expect(stub.code).toContain("name: 'get_weather'");
    expect(stub.code).not.toContain('CallerContext');
  });

  test('context, call and task each add what they use', () => {
    const stub = toolStub({
      name: 'report',
      context: true,
      task: 'optional',
      className: 'Reports',
    });
    expect(stub.file).toBe('reports.ts');
    expect(stub.code).toContain('export interface CallerContext');
    expect(stub.code).toContain('@Context() context: CallerContext | undefined');
    expect(stub.code).toContain('@Call() call: McpCall');
    expect(stub.code).toContain("task: 'optional'");
    expect(stub.code).toMatch(/import \{[^}]*ToolError[^}]*\} from 'declarative-mcp'/);
  });

  test.each([
    [{ name: 'has space' }, /"has space" is not a valid tool name/],
    [{ name: 'x'.repeat(129) }, /is not a valid tool name/],
    [{ name: 'ok', className: 'lowercase' }, /"lowercase" is not a class name/],
    [{ name: 'ok', fields: 'city: nonsense' }, /.+/],
  ])('refuses %j with a StubError', (request, message) => {
    expect(() => toolStub(request)).toThrow(StubError);
    expect(() => toolStub(request)).toThrow(message);
  });
});

describe('renderTools', () => {
  test('two tools that would share a method name are refused', () => {
    const render = () =>
      renderTools(
        [{ name: 'get-city' }, { name: 'get_city' }],
        { input: 'zod', context: false, call: false },
        new Imports(),
      );
    expect(render).toThrow(
      new StubError('Two tools would share the method name getCity: rename one.'),
    );
  });
});
