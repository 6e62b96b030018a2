/**
 * JSON Schema from a class-validator DTO, computed once per class. class-validator-jsonschema does
 * the per-field work; we supply nested classes by constructor (not by name, so two classes called
 * `Address` never collide), fix numeric enums, inline nested classes, and keep recursive ones in
 * `$defs`.
 */
import { instanceToPlain, plainToInstance } from 'class-transformer';
import { getMetadataStorage, IS_ENUM, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { IOptions } from 'class-validator-jsonschema/build/options';
import { type JsonObject, setMember } from '../core';
import { isBuiltinConstructor } from './detect';
import { deepFreeze } from './emit';

/**
 * What class-validator-jsonschema asks class-transformer's metadata: a field's `@Type`, its
 * `@Expose({ name })` and whether it is `@Exclude()`d. class-transformer has no public getter
 * for its records (its storage is a private file, and a second copy of it holds none of the
 * user's records), so they are read through its public API: by transforming a probe object
 * one way and an instance the other, once per class.
 */
interface TransformerView {
  findTypeMetadata(
    target: Function,
    property: string,
  ): { typeFunction: () => unknown; reflectedType: unknown } | undefined;
  getExposedMetadatas(target: Function): { propertyName: string; options: { name?: string } }[];
  findExcludeMetadata(target: Function, property: string): boolean | undefined;
}

interface ClassView {
  /** Field → the name it has in plain objects (`@Expose({ name })`), or undefined when excluded. */
  plainNames: Map<string, string | undefined>;
  types: Map<string, Function | undefined>;
}

const views = new WeakMap<Function, ClassView>();

function fieldsOf(target: Function): string[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
  return [...new Set(metas.map((meta) => meta.propertyName))];
}

function viewOf(target: Function): ClassView {
  let view = views.get(target);
  if (view !== undefined) return view;
  const fields = fieldsOf(target);
  const plainNames = new Map<string, string | undefined>();
  let plain: Record<string, unknown> | undefined;
  try {
    const probe = Object.create((target as { prototype: object }).prototype);
    for (const field of fields) probe[field] = `\u0000${field}`;
    plain = instanceToPlain(probe) as Record<string, unknown>;
  } catch {
    plain = undefined; // A getter or transform that cannot take the probe: names as declared.
  }
  for (const field of fields) {
    if (plain === undefined || field in plain) {
      plainNames.set(field, field);
      continue;
    }
    const renamed = Object.keys(plain).find((key) => plain[key] === `\u0000${field}`);
    plainNames.set(field, renamed);
  }
  const types = new Map<string, Function | undefined>();
  for (const field of fields) {
    const key = plainNames.get(field);
    types.set(field, key === undefined ? undefined : nestedType(target, field, key));
  }
  view = { plainNames, types };
  views.set(target, view);
  return view;
}

/** The class `@Type(() => X)` names for a field: what plainToInstance makes of `{}` or `[{}]`. */
function nestedType(target: Function, field: string, key: string): Function | undefined {
  const cls = target as new () => object;
  for (const sample of [{}, [{}]]) {
    try {
      const made = (plainToInstance(cls, { [key]: sample }) as Record<string, unknown>)[field];
      const item = Array.isArray(made) ? made[0] : made;
      const ctor = (item as object | undefined)?.constructor;
      if (typeof ctor === 'function' && ctor !== Object && ctor !== Array) return ctor;
    } catch {
      // A constructor or transform that refuses the probe: no nested type known.
    }
  }
  return undefined;
}

const transformerView: TransformerView = {
  findTypeMetadata(target, property) {
    const type = viewOf(target).types.get(property);
    if (type === undefined) return undefined;
    return {
      typeFunction: () => type,
      reflectedType: Reflect.getMetadata('design:type', target.prototype, property),
    };
  },
  getExposedMetadatas(target) {
    const out: { propertyName: string; options: { name?: string } }[] = [];
    for (const [field, name] of viewOf(target).plainNames)
      if (name !== undefined && name !== field)
        out.push({ propertyName: field, options: { name } });
    return out;
  },
  findExcludeMetadata(target, property) {
    const names = viewOf(target).plainNames;
    return names.has(property) && names.get(property) === undefined;
  },
};

const DEFS = '#/$defs/';

/** Frozen schemas, one per class: class metadata does not change after the class is defined. */
const cache = new WeakMap<Function, JsonObject>();

interface ClassNode {
  key: string;
  schema: JsonObject;
  deps: Set<Function>;
}

/**
 * The JSON Schema of a DTO class: nested DTOs inlined, recursive ones as `$ref: '#/$defs/Name'`
 * with their definitions under `$defs`. Deeply frozen and cached per class.
 */
export function dtoJsonSchema(dto: Function): JsonObject {
  const cached = cache.get(dto);
  if (cached) return cached;
  const nodes = collect(dto);
  const recursive = recursiveClasses(nodes);
  const byKey = new Map<string, Function>();
  for (const [cls, node] of nodes) byKey.set(node.key, cls);
  const resolve = (value: unknown): unknown => inline(value, nodes, byKey, recursive);
  const schema = resolve(nodes.get(dto)!.schema) as JsonObject;
  if (recursive.size > 0) {
    const defs: JsonObject = { ...(schema.$defs as JsonObject | undefined) };
    for (const cls of recursive) defs[nodes.get(cls)!.key] = resolve(nodes.get(cls)!.schema);
    schema.$defs = defs;
  }
  deepFreeze(schema);
  cache.set(dto, schema);
  return schema;
}

/** Every class reachable from `root` through `@ValidateNested`, with its raw schema. */
function collect(root: Function): Map<Function, ClassNode> {
  const nodes = new Map<Function, ClassNode>();
  const keys = new Map<Function, string>();
  const taken = new Set<string>();
  const keyOf = (cls: Function): string => {
    let key = keys.get(cls);
    if (key === undefined) {
      const base = cls.name || 'Anonymous';
      key = base;
      for (let n = 2; taken.has(key); n++) key = `${base}${n}`;
      keys.set(cls, key);
      taken.add(key);
    }
    return key;
  };
  const queue: Function[] = [root];
  while (queue.length > 0) {
    const cls = queue.shift()!;
    if (nodes.has(cls)) continue;
    const deps = new Set<Function>();
    const raw = targetConstructorToSchema(cls, converterOptions(deps, keyOf)) as JsonObject;
    const schema = Object.keys(raw).length > 0 ? raw : { type: 'object', properties: {} };
    nodes.set(cls, { key: keyOf(cls), schema, deps });
    queue.push(...deps);
  }
  return nodes;
}

function converterOptions(
  deps: Set<Function>,
  keyOf: (cls: Function) => string,
): Partial<IOptions> {
  return {
    classTransformerMetadataStorage: transformerView as never,
    additionalConverters: {
      [ValidationTypes.NESTED_VALIDATION]: (meta: ValidationMetadata) => {
        const type = propertyType(meta);
        const primitive = primitiveSchema(type);
        if (primitive) return primitive;
        // Without @Type(() => X), an array field reports `Array`: its items are unknown.
        if (typeof type !== 'function' || isBuiltinConstructor(type)) return {};
        deps.add(type);
        return { $ref: DEFS + keyOf(type) };
      },
      // The library's fallback points at `#/definitions/<design:type name>`, a dangling $ref for
      // custom validators on arrays or objects; say only what is known.
      [ValidationTypes.CUSTOM_VALIDATION]: (meta: ValidationMetadata) =>
        primitiveSchema(designType(meta)) ?? {},
      [IS_ENUM]: (meta: ValidationMetadata) => enumSchema(meta.constraints[0] as object),
    },
  };
}

function designType(meta: ValidationMetadata): unknown {
  return Reflect.getMetadata('design:type', (meta.target as Function).prototype, meta.propertyName);
}

function propertyType(meta: ValidationMetadata): unknown {
  const typed = transformerView.findTypeMetadata(meta.target as Function, meta.propertyName);
  return typed ? typed.typeFunction() : designType(meta);
}

function primitiveSchema(type: unknown): JsonObject | undefined {
  if (type === String) return { type: 'string' };
  if (type === Number) return { type: 'number' };
  if (type === Boolean) return { type: 'boolean' };
  if (type === Date) return { type: 'string', format: 'date-time' };
  return undefined;
}

/** A TypeScript enum's values, without the reverse mappings numeric enums carry. */
function enumSchema(enumObject: object): JsonObject {
  const record = enumObject as Record<string, unknown>;
  const values = Object.entries(record)
    .filter(([key, value]) => !(typeof value === 'string' && record[value] === Number(key)))
    .map(([, value]) => value);
  const types = [
    ...new Set(values.map((value) => (typeof value === 'number' ? 'number' : 'string'))),
  ];
  return { type: types.length === 1 ? types[0] : types, enum: values };
}

/** Classes that reach themselves through nested fields: they cannot be inlined. */
function recursiveClasses(nodes: Map<Function, ClassNode>): Set<Function> {
  const recursive = new Set<Function>();
  for (const start of nodes.keys()) {
    const seen = new Set<Function>();
    const stack = [...nodes.get(start)!.deps];
    while (stack.length > 0) {
      const cls = stack.pop()!;
      if (cls === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(cls)) continue;
      seen.add(cls);
      stack.push(...(nodes.get(cls)?.deps ?? []));
    }
  }
  return recursive;
}

/** A copy of `value` with our `$ref`s to non-recursive classes replaced by their schemas. */
function inline(
  value: unknown,
  nodes: Map<Function, ClassNode>,
  byKey: Map<string, Function>,
  recursive: Set<Function>,
): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, nodes, byKey, recursive));
  if (typeof value !== 'object' || value === null) return value;
  const { $ref, ...rest } = value as JsonObject;
  const out: JsonObject = {};
  const cls =
    typeof $ref === 'string' && $ref.startsWith(DEFS)
      ? byKey.get($ref.slice(DEFS.length))
      : undefined;
  if (cls !== undefined && !recursive.has(cls)) {
    Object.assign(out, inline(nodes.get(cls)!.schema, nodes, byKey, recursive));
  } else if ($ref !== undefined) {
    out.$ref = $ref;
  }
  // Keywords written beside the $ref (a description from @JSONSchema) win over the class's own.
  for (const [key, item] of Object.entries(rest)) {
    setMember(out, key, inline(item, nodes, byKey, recursive));
  }
  return out;
}
