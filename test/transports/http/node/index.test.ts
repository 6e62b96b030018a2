/** The `node:http` face (src/transports/http/node/index.ts): exactly these runtime exports, each the defining module's. */
import * as face from '../../../../src/transports/http/node';
import { createHttpHandler } from '../../../../src/transports/http/node/handler';
import { serveHttp } from '../../../../src/transports/http/node/serve';
import { expectFace } from '../../../helpers/face';

test('the face exports exactly these values', () => {
  expectFace(face, { createHttpHandler, serveHttp });
});
