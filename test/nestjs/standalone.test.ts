/**
 * A Nest module as a standalone application (src/nestjs/standalone.ts): what counts as a Nest
 * module, booting one to its McpApplication with the form the devtools report, and a clear error
 * for a module without DeclarativeMcpModule.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { ConfigurationError, McpApplication, Tool } from '../../src';
import { DeclarativeMcpModule } from '../../src/nestjs';
import { isNestModule, nestApplication, nestForm } from '../../src/nestjs/standalone';

@Injectable()
class Clock {
  @Tool({ description: 'The time' })
  now(): string {
    return 'noon';
  }
}

@Module({ providers: [Clock] })
class ClockModule {}

@Module({
  imports: [
    DeclarativeMcpModule.forRoot({ name: 'Clock', version: '1.0.0', http: false }),
    ClockModule,
  ],
})
class AppModule {}

@Module({ providers: [Clock] })
class Bare {}

@Module({})
class Empty {}

test('a Nest module is a class whose @Module records imports or providers', () => {
  expect(isNestModule(AppModule)).toBe(true);
  expect(isNestModule(ClockModule)).toBe(true);
  // An empty @Module records nothing to tell it by.
  expect(isNestModule(Empty)).toBe(false);
  expect(isNestModule(Clock)).toBe(false);
  expect(isNestModule(class Plain {})).toBe(false);
  expect(isNestModule({ imports: [] })).toBe(false);
  expect(isNestModule(undefined)).toBe(false);
});

test('nestApplication boots the module to its McpApplication, with the Nest form', async () => {
  const { app, framework, close } = await nestApplication(AppModule);
  try {
    expect(app).toBeInstanceOf(McpApplication);
    expect(framework).toEqual({
      name: 'nestjs',
      module: 'DeclarativeMcpModule',
      path: null,
      providers: [{ provider: 'Clock', module: 'ClockModule', scope: 'singleton' }],
    });
    expect(nestForm(app)).toBe(framework);
    expect(Object.isFrozen(framework)).toBe(true);
  } finally {
    await close();
  }
});

test('nestForm is undefined for anything else', () => {
  expect(
    nestForm(McpApplication.create({ name: 'x', version: '1', providers: [Clock] })),
  ).toBeUndefined();
  expect(nestForm({})).toBeUndefined();
  expect(nestForm(undefined)).toBeUndefined();
});

test('a module without DeclarativeMcpModule is a ConfigurationError that says what to import', async () => {
  const error = await nestApplication(Bare).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigurationError);
  expect((error as Error).message).toBe(
    'Bare is a Nest module without DeclarativeMcpModule: add DeclarativeMcpModule.forRoot({ name, version }) (from declarative-mcp/nestjs) to its imports.',
  );
});
