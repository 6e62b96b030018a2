/** The stdio transport's face (src/transports/stdio/index.ts): exactly these runtime exports. */
import * as stdio from '../../../src/transports/stdio';
import { StdioTransport, serveStdio } from '../../../src/transports/stdio/stdio-transport';
import { guardStdout } from '../../../src/transports/stdio/stdout-guard';
import { expectFace } from '../../helpers/face';

test('the stdio transport exports exactly these values', () => {
  expectFace(stdio, { guardStdout, serveStdio, StdioTransport });
});
