/** The request group's face (src/transports/http/request/index.ts): exactly these runtime exports, each the defining module's. */
import { unref } from '../../../../src/core';
import * as face from '../../../../src/transports/http/request';
import { BodyBudget } from '../../../../src/transports/http/request/body';
import { allowOrigin, preflight } from '../../../../src/transports/http/request/cors';
import { DeadlineQueue } from '../../../../src/transports/http/request/deadline';
import { connectionFacts } from '../../../../src/transports/http/request/facts';
import { MediaChecks } from '../../../../src/transports/http/request/media';
import { Refusal, refuse } from '../../../../src/transports/http/request/refusal';
import { hostPolicy, originPolicy } from '../../../../src/transports/http/request/security';
import { utf8Length } from '../../../../src/transports/http/request/utf8';
import { expectFace } from '../../../helpers/face';

test('the face exports exactly these values (Deadline as a type only)', () => {
  expectFace(face, {
    allowOrigin,
    BodyBudget,
    connectionFacts,
    DeadlineQueue,
    hostPolicy,
    MediaChecks,
    originPolicy,
    preflight,
    Refusal,
    refuse,
    unref,
    utf8Length,
  });
});
