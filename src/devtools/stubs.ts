/**
 * What every stub generator shares: the generated file's shape, the error that refuses a request,
 * the checks of names and fields, and how a class and its parts are put together. The generators
 * themselves (tool-stub, provider-stub, resource-stub, prompt-stub, app-stub, test-stub) write
 * ready-to-paste TypeScript that follows the framework's conventions, returned as text and never
 * written anywhere. Every stub is one self-contained file.
 */
import { type Imports, indent } from './code';
import { type Field, parseFields } from './field-spec';

/** A generated file: its suggested name, its source, and one line saying what it is. */
export interface Stub {
  file: string;
  code: string;
  summary: string;
}

/** MCP 2025-11-25 server/tools: 1–128 characters of A-Z a-z 0-9 _ - . */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** A stub request that cannot be met; its message says what to change. */
export class StubError extends Error {}

/** Refuses a tool name MCP does not allow. */
export function checkToolName(name: string): void {
  if (!TOOL_NAME.test(name)) {
    throw new StubError(
      `"${name}" is not a valid tool name: use 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and ".".`,
    );
  }
}

/** The fields of a spec (`city: string, days?: integer`), or a StubError saying what is wrong. */
export function fieldsOf(spec: string | undefined): Field[] {
  try {
    return parseFields(spec);
  } catch (error) {
    throw new StubError((error as Error).message);
  }
}

/** Returns a PascalCase class name, or refuses it. */
export function checkedClass(name: string): string {
  if (!/^[A-Z][A-Za-z0-9_$]*$/.test(name)) {
    throw new StubError(`"${name}" is not a class name: use PascalCase, e.g. WeatherTools.`);
  }
  return name;
}

/** The generated file: its imports, the declarations before the class, then the class. */
export function assemble(
  imports: Imports,
  parts: Array<string | undefined>,
  className: string,
  members: string[],
): string {
  const classBody = members.join('\n\n');
  return [
    imports.render(),
    ...parts.filter((p): p is string => p !== undefined && p !== ''),
    `export class ${className} {\n${indent(classBody)}\n}`,
  ].join('\n\n');
}
