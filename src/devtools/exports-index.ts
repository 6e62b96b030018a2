import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as TS from 'typescript';
import { docOf } from './tsdoc';

/**
 * The package's public API as the build declares it: every exported name of each entry point
 * (`package.json` "exports" → its `.d.ts`), with its kind, its one-line TSDoc summary and, for
 * classes, its public members. Read with the TypeScript compiler API from the `.d.ts` files, so it
 * cannot drift from the code. `npm run build` writes it to `dist/exports.json`
 * (`scripts/exports-index.js`); when that file is absent it is computed here, if `typescript`
 * (a devDependency) can be loaded.
 */

/** What an exported name is. */
export type ExportKind =
  | 'class'
  | 'function'
  | 'interface'
  | 'type'
  | 'const'
  | 'variable'
  | 'enum'
  | 'namespace';

/** A public member of an exported class, or a type of an exported namespace (`Mcp.ToolDefinition`). */
export interface ExportMember {
  name: string;
  kind: 'method' | 'property' | 'accessor' | 'interface' | 'type';
  static: boolean;
  summary: string;
  signature?: string;
}

/** One exported name of an entry point. */
export interface ExportEntry {
  name: string;
  kind: ExportKind;
  summary: string;
  /** `name(parameters): result`, for functions. */
  signature?: string;
  /** A class or namespace exported with `export type` (the main entry's `Mcp`): no value at run time. */
  typeOnly?: true;
  members?: ExportMember[];
}

/** The whole index: entry point (`declarative-mcp`, `declarative-mcp/testing`, …) → its exports. */
export interface ExportsIndex {
  package: string;
  version: string;
  entries: Record<string, ExportEntry[]>;
}

type Ts = typeof TS;

function kindOf(ts: Ts, flags: number): ExportKind {
  const F = ts.SymbolFlags;
  if (flags & F.Class) return 'class';
  if (flags & F.Function) return 'function';
  if (flags & F.Enum) return 'enum';
  if (flags & F.Interface) return 'interface';
  if (flags & F.TypeAlias) return 'type';
  if (flags & F.BlockScopedVariable) return 'const';
  if (flags & F.Variable) return 'variable';
  return 'namespace';
}

function signatureOf(checker: TS.TypeChecker, name: string, type: TS.Type): string | undefined {
  const signature = type.getCallSignatures()[0];
  if (signature === undefined) return undefined;
  return `${name}${checker.signatureToString(signature).replace(/\s+/g, ' ')}`;
}

/** Declared by the package (not inherited from a library, such as Error's members), and public. */
function isPublic(ts: Ts, symbol: TS.Symbol): boolean {
  if (symbol.name.startsWith('#') || symbol.name === 'prototype') return false;
  const declarations = symbol.declarations ?? [];
  if (declarations.length === 0) return false;
  return declarations.every((declaration) => {
    if (/[\\/]node_modules[\\/]/.test(declaration.getSourceFile().fileName)) return false;
    const flags = ts.getCombinedModifierFlags(declaration as TS.Declaration);
    return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0;
  });
}

function membersOf(ts: Ts, checker: TS.TypeChecker, symbol: TS.Symbol): ExportMember[] {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (declaration === undefined) return [];
  const F = ts.SymbolFlags;
  const members: ExportMember[] = [];
  const add = (member: TS.Symbol, isStatic: boolean): void => {
    if (!isPublic(ts, member) || member.flags & F.Prototype) return;
    const kind =
      member.flags & F.Method ? 'method' : member.flags & F.Accessor ? 'accessor' : 'property';
    const type = checker.getTypeOfSymbolAtLocation(member, declaration);
    // A well-known symbol's internal name (`__@hasInstance@251`) changes from one program to
    // the next: show it as written (`[Symbol.hasInstance]`).
    const name = member.name.startsWith('__@') ? checker.symbolToString(member) : member.name;
    const entry: ExportMember = {
      name,
      kind,
      static: isStatic,
      summary: docOf(ts, checker, [member]),
    };
    if (kind === 'method') {
      const signature = signatureOf(checker, name, type);
      if (signature !== undefined) entry.signature = signature;
    }
    members.push(entry);
  };
  const staticType = checker.getTypeOfSymbolAtLocation(symbol, declaration);
  for (const member of checker.getPropertiesOfType(staticType)) add(member, true);
  const instanceType = checker.getDeclaredTypeOfSymbol(symbol);
  for (const member of checker.getPropertiesOfType(instanceType)) add(member, false);
  return members;
}

/** `symbol` and each re-export it steps through (its TSDoc may sit on an `export { X } from` line). */
function aliasChain(ts: Ts, checker: TS.TypeChecker, symbol: TS.Symbol): TS.Symbol[] {
  const chain = [symbol];
  let target = symbol;
  while (target.flags & ts.SymbolFlags.Alias) {
    const next = checker.getImmediateAliasedSymbol(target);
    if (next === undefined || chain.includes(next)) break;
    target = next;
    chain.push(target);
  }
  if (target.flags & ts.SymbolFlags.Alias) chain.push(checker.getAliasedSymbol(target));
  return chain;
}

/** Whether `symbol` is exported by an `export type` declaration. */
function isTypeOnly(ts: Ts, symbol: TS.Symbol): boolean {
  return (symbol.declarations ?? []).some((declaration) => {
    const holder = ts.isNamespaceExport(declaration) ? declaration.parent : declaration;
    return (
      (ts.isExportDeclaration(holder) && holder.isTypeOnly) ||
      (ts.isExportSpecifier(holder) && (holder.isTypeOnly || holder.parent.parent.isTypeOnly))
    );
  });
}

/** The types a namespace exports (`Mcp.ToolDefinition`, `StateAdapter.EventStore`), by name. */
function typesOf(ts: Ts, checker: TS.TypeChecker, namespace: TS.Symbol): ExportMember[] {
  const members: ExportMember[] = [];
  for (const exported of checker.getExportsOfModule(namespace)) {
    const chain = aliasChain(ts, checker, exported);
    const flags = chain[chain.length - 1].flags;
    if ((flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) === 0) continue;
    members.push({
      name: exported.name,
      kind: flags & ts.SymbolFlags.Interface ? 'interface' : 'type',
      static: false,
      summary: docOf(ts, checker, chain),
    });
  }
  return members.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The exports of one `.d.ts` entry file. */
function entryExports(ts: Ts, checker: TS.TypeChecker, file: TS.SourceFile): ExportEntry[] {
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (moduleSymbol === undefined) return [];
  const entries: ExportEntry[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const chain = aliasChain(ts, checker, exported);
    const target = chain[chain.length - 1];
    const kind = kindOf(ts, target.flags);
    const entry: ExportEntry = { name: exported.name, kind, summary: docOf(ts, checker, chain) };
    const declaration = target.valueDeclaration ?? target.declarations?.[0];
    if (kind === 'function' && declaration !== undefined) {
      const type = checker.getTypeOfSymbolAtLocation(target, declaration);
      const signature = signatureOf(checker, exported.name, type);
      if (signature !== undefined) entry.signature = signature;
    }
    if (kind !== 'interface' && kind !== 'type' && chain.some((link) => isTypeOnly(ts, link)))
      entry.typeOnly = true;
    if (kind === 'class') entry.members = membersOf(ts, checker, target);
    else if (target.flags & ts.SymbolFlags.Module) entry.members = typesOf(ts, checker, target);
    entries.push(entry);
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

interface Manifest {
  name: string;
  version: string;
  exports?: Record<string, string | { types?: string }>;
}

/** Entry point name → its `.d.ts`, from `package.json` "exports" (the build's own map). */
function entryPoints(root: string): { manifest: Manifest; files: Map<string, string> } {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const files = new Map<string, string>();
  for (const [key, target] of Object.entries(manifest.exports ?? {})) {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    if (typeof types !== 'string' || !types.endsWith('.d.ts')) continue;
    files.set(
      key === '.' ? manifest.name : `${manifest.name}/${key.replace(/^\.\//, '')}`,
      join(root, types),
    );
  }
  return { manifest, files };
}

/**
 * Builds the index from the package's compiled `.d.ts` files with the TypeScript compiler API
 * (`ts` is the `typescript` module, passed in so nothing here loads it). Throws when the build
 * is missing.
 */
export function buildExportsIndex(ts: unknown, root: string): ExportsIndex {
  const t = ts as Ts;
  const { manifest, files } = entryPoints(root);
  for (const [entry, file] of files) {
    if (!existsSync(file))
      throw new Error(`${file} (entry ${entry}) is missing: run npm run build.`);
  }
  const program = t.createProgram([...files.values()], {
    target: t.ScriptTarget.ES2022,
    module: t.ModuleKind.Node16,
    moduleResolution: t.ModuleResolutionKind.Node16,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const entries: Record<string, ExportEntry[]> = {};
  for (const [entry, file] of files) {
    const source = program.getSourceFile(file);
    entries[entry] = source === undefined ? [] : entryExports(t, checker, source);
  }
  return { package: manifest.name, version: manifest.version, entries };
}

/** Where `npm run build` writes the index. */
export function exportsIndexFile(root: string): string {
  return join(root, 'dist', 'exports.json');
}

/**
 * The index: `dist/exports.json` when the build wrote it; otherwise computed from the `.d.ts`
 * files with `typescript`, loaded only now. Returns a reason instead when neither is possible.
 */
export function loadExportsIndex(
  root: string,
): { index: ExportsIndex; source: string } | { error: string } {
  const file = exportsIndexFile(root);
  if (existsSync(file)) {
    try {
      return {
        index: JSON.parse(readFileSync(file, 'utf8')) as ExportsIndex,
        source: 'dist/exports.json',
      };
    } catch (error) {
      return { error: `${file} cannot be read (${(error as Error).message}); run npm run build.` };
    }
  }
  let ts: unknown;
  try {
    ts = require('typescript');
  } catch {
    return {
      error: `${file} is missing and the typescript package is not installed to read the .d.ts files: run npm run build.`,
    };
  }
  try {
    return { index: buildExportsIndex(ts, root), source: 'typescript' };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
