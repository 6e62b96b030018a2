/**
 * The telemetry row, in-process: `app.handle(json)` with 64 calls in flight, in a child of its
 * own, so that the OpenTelemetry SDK one side starts (its AsyncLocalStorage context manager
 * hooks every promise of the process) does not slow the other side down. `otel`: the no-op SDK
 * is registered and the app left at its default; `off`: `telemetry: false`, no SDK. Runs a
 * measurement when told (`{ type: 'run', ms }`) and answers its calls/s and CPU µs per call.
 */
import { CALL_PARTS, callMessage, collect, EXPECTED_TEXT, isGoodAnswer } from '../common';
import { drive } from '../drive';
import { startNoopSdk } from '../servers/otel';
import { createApp } from '../servers/ours';

const traced = process.argv[2] === 'otel';
if (traced) startNoopSdk();
const app = createApp(traced ? undefined : false);
const needle = `"text":"${EXPECTED_TEXT}"`;

const call = async (id: number): Promise<void> => {
  const answer = await app.handle(CALL_PARTS.head + id + CALL_PARTS.tail);
  if (answer === null || !answer.includes(needle)) throw new Error(`bad answer: ${answer}`);
};

process.on('message', async (message: { type?: string; ms?: number }) => {
  if (message?.type === 'run') {
    collect();
    const before = process.cpuUsage();
    const { rate, calls } = await drive(call, message.ms ?? 1000);
    const used = process.cpuUsage(before);
    process.send?.({ type: 'result', rate, cpu: (used.user + used.system) / calls });
  } else if (message?.type === 'stop') {
    process.disconnect?.();
    process.exit(0);
  }
});

app.handle(callMessage(1)).then((answer) => {
  if (!isGoodAnswer(JSON.parse(answer ?? 'null'))) throw new Error(`bad answer: ${answer}`);
  process.send?.({ type: 'ready', url: '' });
});
