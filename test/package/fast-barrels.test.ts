import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * scripts/fast-barrels.js (after tsc): a folder index's re-exports are plain properties, so that
 * V8 keeps the index's exports a fast object and optimized code reads them as constants.
 */
const ROOT = join(__dirname, '..', '..');
const { plainReexports } = require(join(ROOT, 'scripts', 'fast-barrels.js')) as {
  plainReexports(text: string): { text: string; count: number };
};

describe('fast-barrels', () => {
  it("turns tsc's re-export getters into plain properties, and nothing else", () => {
    const tsc = [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'exports.local = void 0;',
      'var peer_1 = require("./peer");',
      'Object.defineProperty(exports, "Peer", { enumerable: true, get: function () { return peer_1.Peer; } });',
      'Object.defineProperty(exports, "$x", { enumerable: true, get: function () { return peer_1.y$; } });',
      'Object.defineProperty(exports, "other", { enumerable: true, get() { return 1; } });',
    ].join('\n');
    const { text, count } = plainReexports(tsc);
    expect(count).toBe(2);
    expect(text.split('\n').slice(4)).toEqual([
      'exports.Peer = peer_1.Peer;',
      'exports.$x = peer_1.y$;',
      'Object.defineProperty(exports, "other", { enumerable: true, get() { return 1; } });',
    ]);
  });

  it('leaves the built indexes fast objects with the same values as the modules they name', () => {
    const indexes = [
      'src/core/index.js',
      'src/core/revisions/index.js',
      'src/transports/http/index.js',
      'src/transports/http/request/index.js',
      'src/transports/http/session/index.js',
      'src/transports/http/stream/index.js',
      'src/index.js',
    ];
    const script = `
      const { join } = require('node:path');
      const out = {};
      for (const file of ${JSON.stringify(indexes)}) {
        const exports = require(join(${JSON.stringify(join(ROOT, 'dist'))}, file));
        const names = Object.keys(exports);
        const getters = names.filter((name) => Object.getOwnPropertyDescriptor(exports, name).get);
        out[file] = { fast: %HasFastProperties(exports), names: names.length, getters };
      }
      const core = require(${JSON.stringify(join(ROOT, 'dist/src/core/index.js'))});
      const peer = require(${JSON.stringify(join(ROOT, 'dist/src/core/peer.js'))});
      out.samePeer = core.Peer === peer.Peer;
      console.log(JSON.stringify(out));`;
    const found = JSON.parse(
      execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as Record<string, { fast: boolean; names: number; getters: string[] } | boolean>;
    expect(found.samePeer).toBe(true);
    for (const file of indexes) {
      expect({ file, ...(found[file] as object) }).toEqual({
        file,
        fast: true,
        names: expect.any(Number),
        getters: [],
      });
    }
  });
});
