import {
  type Interceptor,
  type ParameterRole,
  type PromptOptions,
  type ResourceOptions,
  recordsFor,
  type ToolOptions,
} from './metadata';

/**
 * What `@Tool`, `@Resource` and `@Prompt` return: a decorator of a method (instance or static).
 */
export type MemberDecorator = (
  target: object,
  propertyKey: string | symbol,
  descriptor?: PropertyDescriptor,
) => void;

/**
 * The class a member decorator was applied to: the prototype's constructor for an instance
 * member, the constructor itself for a static one (whose `constructor` would be `Function`,
 * one record set shared by every class in the process).
 */
function classOf(target: object): Function {
  return typeof target === 'function' ? target : target.constructor;
}

function methodName(propertyKey: string | symbol): string {
  return typeof propertyKey === 'symbol'
    ? (propertyKey.description ?? propertyKey.toString())
    : propertyKey;
}

/**
 * Registers a method as an MCP tool. Its input schema comes from `options.input`, or from the
 * type of its first parameter when that is a class-validator DTO class.
 *
 * @example
 * class WeatherTools {
 *   @Tool({ description: "Tomorrow's forecast for a city.", input: z.object({ city: z.string() }) })
 *   forecast({ city }: { city: string }) { return `Sunny in ${city}.`; }
 * }
 */
export function Tool(options: ToolOptions = {}): MemberDecorator {
  return (target, propertyKey) => {
    recordsFor(classOf(target)).members.push({
      kind: 'tool',
      method: methodName(propertyKey),
      options: { ...options },
    });
  };
}

/**
 * Registers a method as an MCP resource: a fixed one (`uri`) or a template (`uriTemplate`,
 * RFC 6570), whose method receives the template's variables.
 *
 * @example
 * @Resource({ uriTemplate: 'notes://{slug}', mimeType: 'text/plain' })
 * note({ slug }: { slug: string }) { return this.notes.get(slug); }
 */
export function Resource(options: ResourceOptions): MemberDecorator {
  return (target, propertyKey) => {
    recordsFor(classOf(target)).members.push({
      kind: 'resource',
      method: methodName(propertyKey),
      options: { ...options },
    });
  };
}

/**
 * Registers a method as an MCP prompt. It may return a string (one user message), a list of
 * messages, or the whole `prompts/get` result.
 *
 * @example
 * @Prompt({ description: 'Summarize one note.', args: z.object({ slug: z.string() }) })
 * summarize({ slug }: { slug: string }) { return `Summarize the note notes://${slug}.`; }
 */
export function Prompt(options: PromptOptions = {}): MemberDecorator {
  return (target, propertyKey) => {
    recordsFor(classOf(target)).members.push({
      kind: 'prompt',
      method: methodName(propertyKey),
      options: { ...options },
    });
  };
}

function markParameter(role: ParameterRole) {
  return (target: object, propertyKey: string | symbol | undefined, index: number): void => {
    if (propertyKey === undefined) return; // constructor parameters belong to the DI container
    const parameters = recordsFor(classOf(target)).parameters;
    const name = methodName(propertyKey);
    const list = parameters.get(name) ?? [];
    list.push({ index, role });
    parameters.set(name, list);
  };
}

/**
 * Marks the parameter that receives the call's context, exactly as the transport passed it
 * (the session, the identity, or one object holding both).
 *
 * @example
 * @Tool() whoami(@Context() session: Session) { return session.identity.id; }
 */
export function Context(): ParameterDecorator {
  return markParameter('context') as ParameterDecorator;
}

/**
 * Marks the parameter that receives the call's own channel, an `McpCall`: `signal`,
 * `progress()`, `log()`, `elicit()`, `sample()`, `roots()`, `requestId`, `meta`.
 *
 * @example
 * @Tool() async slow(@Call() call: McpCall) { call.progress(1, 2); … }
 */
export function Call(): ParameterDecorator {
  return markParameter('call') as ParameterDecorator;
}

/**
 * Adds interceptors to every tool, resource and prompt of a class, or to one method. They run
 * after the application's and the class's, in the order given.
 *
 * @example
 * @Use(timing) class Tools { @Use(cache) @Tool() lookup() { … } }
 */
export function Use(...interceptors: Interceptor[]): ClassDecorator & MethodDecorator {
  return ((target: Function | object, propertyKey?: string | symbol) => {
    if (propertyKey === undefined) {
      recordsFor(target as Function).classInterceptors.push(...interceptors);
      return;
    }
    const map = recordsFor(classOf(target)).methodInterceptors;
    const name = methodName(propertyKey);
    map.set(name, [...(map.get(name) ?? []), ...interceptors]);
  }) as ClassDecorator & MethodDecorator;
}
