/**
 * The request group: what comes in and the plain answers to it. The request and reply every face
 * describes its own objects as, the budget of bodies being read and their deadlines, `Accept` and
 * `Content-Type`, the Host and Origin policies, CORS headers, and the one refusal type every
 * transport-level refusal is written with.
 */

export { unref } from '../../../core';
export { BodyBudget, type BodyOutcome } from './body';
export { allowOrigin, preflight } from './cors';
export { type Deadline, DeadlineQueue } from './deadline';
export { connectionFacts } from './facts';
export { MediaChecks } from './media';
export type { Connection, HttpRequest, Reply, ReplyHeaders } from './message';
export { Refusal, refuse } from './refusal';
export { hostPolicy, originPolicy } from './security';
export { utf8Length } from './utf8';
