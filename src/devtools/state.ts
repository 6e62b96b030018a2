import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DocumentSet, loadDocuments } from './documents';
import { type ExportsIndex, loadExportsIndex } from './exports-index';
import type { IntrospectableApplication } from './introspect';
import { packageRoot } from './package-root';
import { type SymbolInfo, symbolsOf } from './search';

/** Where the introspected application comes from: itself, or a function (it may be created later). */
export type ApplicationSource =
  | IntrospectableApplication
  | (() => IntrospectableApplication | undefined);

/**
 * What the provider classes of one devtools set share: the documents read at start-up, the
 * application to introspect, the transports it is served over. One per set, never global.
 */
export class DevtoolsState {
  private exportsResult: ReturnType<typeof loadExportsIndex> | undefined;
  private symbolList: SymbolInfo[] | undefined;

  constructor(
    readonly root: string,
    readonly documents: DocumentSet,
    private readonly source: ApplicationSource | undefined,
    readonly transports: readonly string[],
    /** Said by describe_application when the devtools describe themselves. */
    readonly note: string | undefined,
    /** The compiled module the application was loaded from (`dist/server.js`), when known. */
    readonly module?: string,
  ) {}

  /** Reads the documents once and builds the state. */
  static load(
    source: ApplicationSource | undefined,
    transports: readonly string[] | undefined,
    docsFolder: string | undefined,
    note?: string,
    module?: string,
  ): DevtoolsState {
    const root = packageRoot();
    const documents = loadDocuments(docsFolder ?? join(root, 'docs'));
    return new DevtoolsState(
      root,
      documents,
      source,
      Object.freeze([...(transports ?? [])]),
      note,
      module,
    );
  }

  /** The package's version, for serverInfo. */
  get version(): string {
    try {
      return (
        JSON.parse(readFileSync(join(this.root, 'package.json'), 'utf8')) as { version: string }
      ).version;
    } catch {
      return '0.0.0';
    }
  }

  /** The application being introspected, if there is one yet. */
  application(): IntrospectableApplication | undefined {
    const source = this.source;
    return typeof source === 'function' ? source() : source;
  }

  /** The exports index (loaded on first use), or why it cannot be had. */
  exportsIndex(): { index: ExportsIndex; source: string } | { error: string } {
    this.exportsResult ??= loadExportsIndex(this.root);
    return this.exportsResult;
  }

  /** The searchable symbols; empty when the index cannot be had. */
  symbols(): SymbolInfo[] {
    if (this.symbolList === undefined) {
      const loaded = this.exportsIndex();
      this.symbolList = 'index' in loaded ? symbolsOf(loaded.index) : [];
    }
    return this.symbolList;
  }
}
