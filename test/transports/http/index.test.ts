/**
 * The HTTP transport's face (src/transports/http/index.ts): exactly these runtime exports, each
 * the defining module's, and what the package entry loads lazily is this face's.
 */
import * as face from '../../../src/transports/http';
import {
  AuthRefusal,
  bearerAuth,
  bearerToken,
  introspectionAuth,
  jwtAuth,
  METADATA_PATH,
} from '../../../src/transports/http/auth';
import { HttpSession } from '../../../src/transports/http/http-session';
import { createHttpHandler, serveHttp } from '../../../src/transports/http/node';
import { HTTP_DEFAULTS } from '../../../src/transports/http/options';
import { expectFace } from '../../helpers/face';

test('the face exports exactly these values', () => {
  expectFace(face, {
    AuthRefusal,
    bearerAuth,
    bearerToken,
    createHttpHandler,
    HTTP_DEFAULTS,
    HttpSession,
    introspectionAuth,
    jwtAuth,
    METADATA_PATH,
    serveHttp,
  });
});
