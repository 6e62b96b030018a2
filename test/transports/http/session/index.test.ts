/** The session group's face (src/transports/http/session/index.ts): exactly these runtime exports, each the defining module's. */
import * as face from '../../../../src/transports/http/session';
import { addressKey, openSession } from '../../../../src/transports/http/session/admission';
import { Cluster } from '../../../../src/transports/http/session/cluster';
import {
  ASSUMED_REVISION,
  SessionGate,
  versionRefusal,
} from '../../../../src/transports/http/session/gate';
import {
  changesSession,
  recordOf,
  SessionRecords,
} from '../../../../src/transports/http/session/records';
import { SessionStore } from '../../../../src/transports/http/session/store';
import {
  openSessionStream,
  takesPriming,
  toSession,
} from '../../../../src/transports/http/session/streams';
import { expectFace } from '../../../helpers/face';

test('the face exports exactly these values', () => {
  expectFace(face, {
    addressKey,
    ASSUMED_REVISION,
    changesSession,
    Cluster,
    openSession,
    openSessionStream,
    recordOf,
    SessionGate,
    SessionRecords,
    SessionStore,
    takesPriming,
    toSession,
    versionRefusal,
  });
});
