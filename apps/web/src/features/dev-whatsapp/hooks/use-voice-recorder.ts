import { useCallback, useEffect, useRef, useState } from 'react';

/** A voice note's length limit: well under the phone's 1 MB at a browser's Opus bitrate. */
export const MAX_RECORDING_SECONDS = 60;

/** What the browser records in, WhatsApp's own format first. */
const RECORDING_TYPES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm'];

export type Recorder =
  { state: 'idle'; error: string | null } | { state: 'recording'; seconds: number } | { state: 'recorded'; blob: Blob };

/** Records a voice note with the microphone (MediaRecorder), stopping by itself at MAX_RECORDING_SECONDS. */
export function useVoiceRecorder() {
  const [recorder, setRecorder] = useState<Recorder>({ state: 'idle', error: null });
  const media = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    if (media.current?.state === 'recording') media.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setRecorder({ state: 'idle', error: 'This browser cannot record audio. Choose an audio file instead.' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setRecorder({
        state: 'idle',
        error: 'The microphone is not available. Allow it for this page, or choose an audio file instead.',
      });
      return;
    }
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recording = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recording.ondataavailable = (event) => chunks.push(event.data);
    recording.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      setRecorder({ state: 'recorded', blob: new Blob(chunks, { type: recording.mimeType }) });
    };
    media.current = recording;
    recording.start();
    const startedAt = Date.now();
    setRecorder({ state: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      if (seconds >= MAX_RECORDING_SECONDS) stop();
      else setRecorder({ state: 'recording', seconds });
    }, 250);
  }, [stop]);

  const discard = useCallback(() => setRecorder({ state: 'idle', error: null }), []);

  // Leaving the page stops the microphone.
  useEffect(() => stop, [stop]);

  return { recorder, start, stop, discard };
}
