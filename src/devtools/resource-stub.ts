/**
 * The resource generator: a fixed resource or a resource template on a provider class.
 */
import { parseUriTemplate } from '../registry';
import {
  camel,
  declareInput,
  decorator,
  Imports,
  type InputStyle,
  indent,
  kebab,
  member,
  pascal,
  quote,
  signature,
} from './code';
import { assemble, checkedClass, type Stub, StubError } from './stubs';

/** Options of {@link resourceStub}: exactly one of `uri` and `uriTemplate`. */
export interface ResourceStubRequest {
  uri?: string;
  uriTemplate?: string;
  name?: string;
  description?: string;
  mimeType?: string;
  input?: InputStyle;
  className?: string;
}

/** A provider class holding one fixed resource or one resource template. */
export function resourceStub(request: ResourceStubRequest): Stub {
  const { uri, uriTemplate } = request;
  if ((uri === undefined || uri === '') === (uriTemplate === undefined || uriTemplate === '')) {
    throw new StubError(
      "Give exactly one of uri ('notes://index', a fixed resource) and uriTemplate ('notes://{slug}', a template).",
    );
  }
  const target = (uri ?? uriTemplate)!;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target)) {
    throw new StubError(`"${target}" has no scheme: resource URIs look like notes://index.`);
  }
  let variables: string[] = [];
  if (uriTemplate !== undefined) {
    try {
      variables = [...parseUriTemplate(uriTemplate).variables];
    } catch (error) {
      throw new StubError(
        `The URI template does not parse: ${(error as Error).message}. Use RFC 6570 syntax, e.g. notes://{slug}.`,
      );
    }
  }
  const tail = target.replace(/[{}]/g, '').split(/[/:]+/).filter(Boolean).pop() ?? 'resource';
  const name = request.name ?? camel(tail);
  const method = camel(name);
  const className = checkedClass(request.className ?? `${pascal(target.split(':')[0])}Resources`);
  const mimeType = request.mimeType ?? 'text/plain';
  const imports = new Imports().add('declarative-mcp', ['Resource']);
  const declarations: string[] = [];
  const options: Array<[string, string | undefined]> = [
    uri !== undefined ? ['uri', quote(uri)] : ['uriTemplate', quote(uriTemplate!)],
    ['name', quote(name)],
    ['description', quote(request.description ?? `TODO: what ${target} holds.`)],
    ['mimeType', quote(mimeType)],
  ];
  let head: string;
  let body: string;
  if (variables.length > 0) {
    const variablesName = `${pascal(name)}Variables`;
    const input = declareInput(
      variablesName,
      variables.map((v) => ({ name: v, type: 'string', array: false, optional: false })),
      request.input ?? 'zod',
      imports,
      `The variables of ${uriTemplate}`,
    );
    declarations.push(input.declaration);
    options.push(['variables', input.option ?? variablesName]);
    head = signature(method, [`variables: ${input.type}`], 'string | undefined');
    const shown = variables.map((v) => `\${${member('variables', v)}}`).join(', ');
    body = [
      '// Return undefined when the URI names nothing: the client gets -32002 (resource not found).',
      '// A string is sent as text; a Buffer or Uint8Array as a base64 blob.',
      `return \`TODO: the contents for ${shown}\`;`,
    ].join('\n');
  } else {
    head = signature(method, [], 'string');
    body = [
      '// A string is sent as text; a Buffer or Uint8Array as a base64 blob.',
      `return ${quote(`TODO: the contents of ${target}`)};`,
    ].join('\n');
  }
  const code = assemble(imports, declarations, className, [
    `${decorator('Resource', options)}\n${head} {\n${indent(body)}\n}`,
  ]);
  return {
    file: `${kebab(className)}.ts`,
    code,
    summary: `The ${variables.length > 0 ? 'resource template' : 'fixed resource'} ${target} on the provider class ${className}.`,
  };
}
