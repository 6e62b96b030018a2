/**
 * The provider generator (src/devtools/provider-stub.ts) called directly: the class, its service
 * and what serves it, in the typedi and the Nest form. test/devtools/stubs.test.ts compiles and
 * runs its output.
 */
import { providerStub } from '../../src/devtools/provider-stub';
import { StubError } from '../../src/devtools/stubs';

describe('providerStub', () => {
  test('without tools: one tool named after the class, and the application exported as app', () => {
    const stub = providerStub({ name: 'WeatherTools' });
    expect(stub.file).toBe('weather-tools.ts');
    expect(stub.code).toContain('export class WeatherTools {');
    expect(stub.code).toContain('weather(');
    expect(stub.code).toContain("name: 'weather',");
    expect(stub.code).toContain('export const app = McpApplication.create({');
    expect(stub.summary).toBe(
      'The provider class WeatherTools with 1 tool(s), and the application exported as app.',
    );
  });

  test('a typedi service, named so it cannot clash with the class', () => {
    const tools = providerStub({ name: 'WeatherTools', service: true });
    expect(tools.code).toContain('@Service()\nexport class WeatherService {');
    expect(tools.code).toContain('@Service()\nexport class WeatherTools {');
    expect(tools.code).toContain('constructor(private readonly service: WeatherService) {}');
    expect(tools.code).toContain('  container: Container,');
    // The class is itself named ...Service: its service is ...Backend.
    const service = providerStub({ name: 'WeatherService', service: true });
    expect(service.code).toContain('export class WeatherServiceBackend {');
  });

  test('the Nest form: Injectable classes and the module that serves them', () => {
    const stub = providerStub({
      name: 'WeatherTools',
      nest: true,
      service: true,
      tools: [{ name: 'forecast' }, { name: 'alerts' }],
    });
    expect(stub.code).toContain('@Injectable()\nexport class WeatherTools {');
    expect(stub.code).toContain('@Injectable()\nexport class WeatherService {');
    expect(stub.code).toContain('  providers: [WeatherService, WeatherTools],');
    expect(stub.code).toContain('export class WeatherModule {}');
    expect(stub.code).not.toContain('McpApplication');
    expect(stub.summary).toBe(
      'The Nest provider WeatherTools with 2 tool(s), the Nest service WeatherService, and the Nest module WeatherModule that serves it with DeclarativeMcpModule.',
    );
    // The class is itself named ...Module: its module is ...ModuleModule.
    expect(providerStub({ name: 'WeatherModule', nest: true }).code).toContain(
      'export class WeatherModuleModule {}',
    );
  });

  test.each([
    { name: 'weatherTools' },
    { name: 'WeatherTools', nest: true, tools: [{ name: 'a b' }] },
  ])('refuses %j with a StubError', (request) => {
    expect(() => providerStub(request)).toThrow(StubError);
  });
});
