/** The fetch face of the transport (src/transports/http/fetch/index.ts): exactly these runtime exports, each the defining module's. */
import {
  AuthRefusal,
  bearerAuth,
  bearerToken,
  introspectionAuth,
  jwtAuth,
} from '../../../../src/transports/http/auth';
import * as face from '../../../../src/transports/http/fetch';
import { createFetchHandler } from '../../../../src/transports/http/fetch/handler';
import { HttpSession } from '../../../../src/transports/http/http-session';
import { HTTP_DEFAULTS } from '../../../../src/transports/http/options';
import { expectFace } from '../../../helpers/face';

test('the face exports exactly these values', () => {
  expectFace(face, {
    AuthRefusal,
    bearerAuth,
    bearerToken,
    createFetchHandler,
    HTTP_DEFAULTS,
    HttpSession,
    introspectionAuth,
    jwtAuth,
  });
});
