// The microphone for the tuner and play-along (issue 54, decision 0080). The pitch detection and
// its library run in an AudioWorklet, loaded with this module only when a student opens one of
// them (import it dynamically): no page's first visit carries them. Nothing leaves the device.
import { frequencyToNote, type Note } from './notes';
import type { ListenFrame } from './frame';

export type { ListenFrame } from './frame';

export interface ListenOptions {
  onFrame: (frame: ListenFrame & { note: Note | null }) => void;
  /** Reference A4 for the frames' `note` (440 Hz unless set). */
  a4?: number;
}

export interface ListenHandle {
  stop(): void;
  context: AudioContext;
  /** Changes the reference A4 of the frames' `note`. */
  setA4(a4: number): void;
}

/** Why listening could not start: each has its message in en and bn (`listen.error.<reason>`). */
export type ListenFailure = 'denied' | 'missing' | 'unsupported';

export class ListenError extends Error {
  constructor(readonly reason: ListenFailure) {
    super(`listening failed: ${reason}`);
    this.name = 'ListenError';
  }
}

const failureOf = (error: unknown): ListenFailure => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'DevicesNotFoundError') return 'missing';
  return 'unsupported';
};

async function microphone(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new ListenError('unsupported');
  try {
    // The raw signal: the phone-call processing bends a held note (gain) and eats a sustained one (noise suppression).
    return await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false }, video: false });
  } catch (error) {
    throw new ListenError(failureOf(error));
  }
}

/**
 * The worklet (with pitchy), which the browser builds make one file of its own (worklet-loader.mjs).
 * The server's first-screen build (for Node, without that rule) never reaches it: the branch is
 * dropped there, so it does not copy the TypeScript source as an asset.
 */
const workletUrl = (): URL | string =>
  typeof FIRST_SCREEN_SERVER !== 'undefined' && FIRST_SCREEN_SERVER ? '' : new URL('./pitch.worklet.ts', import.meta.url);

export async function startListening(options: ListenOptions): Promise<ListenHandle> {
  const stream = await microphone();
  let a4 = options.a4 ?? 440;
  const context = new AudioContext({ latencyHint: 'interactive' });
  try {
    if (!context.audioWorklet) throw new ListenError('unsupported');
    await context.audioWorklet.addModule(workletUrl());
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, 'taal-pitch', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1, channelCountMode: 'explicit' });
    node.port.onmessage = (event: MessageEvent<ListenFrame>) => {
      const frame = event.data;
      options.onFrame({ ...frame, note: frame.frequency === null ? null : frequencyToNote(frame.frequency, a4) });
    };
    // Rendered only while connected to the output; it writes silence there.
    source.connect(node).connect(context.destination);
    if (context.state === 'suspended') await context.resume();
    let stopped = false;
    return {
      context,
      setA4: (value) => (a4 = value),
      stop() {
        if (stopped) return;
        stopped = true;
        node.port.onmessage = null;
        source.disconnect();
        node.disconnect();
        stream.getTracks().forEach((track) => track.stop());
        void context.close();
      },
    };
  } catch (error) {
    stream.getTracks().forEach((track) => track.stop());
    void context.close();
    throw error instanceof ListenError ? error : new ListenError('unsupported');
  }
}
