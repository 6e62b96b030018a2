/** Node's modules for skill folders (src/registry/skills/node.ts), loaded when first asked for. */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import * as path from 'node:path';
import { nodeCrypto, nodeFs, nodeFsPromises, nodePath } from '../../../src/registry/skills/node';

test('each gives the runtime’s own module', () => {
  expect(nodeFs().readFileSync).toBe(fs.readFileSync);
  expect(nodeFsPromises().readFile).toBe(fsPromises.readFile);
  expect(nodePath().join).toBe(path.join);
  expect(nodeCrypto().createHash).toBe(crypto.createHash);
});

test('without process.getBuiltinModule (older Node), require is used', () => {
  const own = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
  Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true });
  try {
    expect(nodePath().sep).toBe(path.sep);
    expect(nodeFs().statSync).toBe(fs.statSync);
  } finally {
    if (own) Object.defineProperty(process, 'getBuiltinModule', own);
    else delete (process as { getBuiltinModule?: unknown }).getBuiltinModule;
  }
});
