import type { Peer } from './peer';
import type { JsonObject } from './types';

/**
 * A transport's listener for server-wide notifications (list changes, resource updates):
 * send `message` to every connected client whose peer passes `filter` (all when absent).
 */
export type Broadcaster = (message: JsonObject, filter?: (peer: Peer) => boolean) => void;
