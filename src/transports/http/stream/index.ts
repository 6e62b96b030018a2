/**
 * The stream group: what goes back while a call runs. A POST's exchange (a JSON answer, or an
 * event stream once the server speaks first), Server-Sent Events with back-pressure, and the
 * resumable streams' event history.
 */
export { Exchange, type Resumption } from './exchange';
export {
  END_OF_STREAM,
  getStreamKey,
  ownsStream,
  StreamHub,
  type StreamWriter,
} from './resumable';
export { SseStream, type StreamLimits } from './sse';
