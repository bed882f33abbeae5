import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { FileAudio, Mic, Send, Square, Trash2 } from 'lucide-react';
import type { LocalPhoneAudioType } from '@app/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MAX_RECORDING_SECONDS, useVoiceRecorder } from '../hooks/use-voice-recorder';
import { base64Of, LOCAL_PHONE_MAX_AUDIO_BYTES, voiceNoteType } from '../lib/audio';

interface VoiceNoteProps {
  onSend(audio: { data: string; mime_type: LocalPhoneAudioType }): Promise<unknown>;
  sending: boolean;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A voice note from the microphone or a short audio file: listened to first, then sent. */
export function VoiceNote({ onSend, sending }: VoiceNoteProps) {
  const { recorder, start, stop, discard } = useVoiceRecorder();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const note: Blob | null = file ?? (recorder.state === 'recorded' ? recorder.blob : null);
  const previewUrl = useMemo(() => (note ? URL.createObjectURL(note) : null), [note]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const clear = () => {
    setFile(null);
    discard();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setProblem(null);
    discard();
    if (!voiceNoteType(picked.type)) {
      setProblem(
        `WhatsApp voice notes are Ogg, WebM, MP3, MP4, AAC or AMR audio; this file is ${picked.type || 'of an unknown type'}.`,
      );
    } else if (picked.size > LOCAL_PHONE_MAX_AUDIO_BYTES) {
      setProblem('Choose a file of at most 1 MB (a minute or so of speech).');
    } else {
      setFile(picked);
    }
  };

  const send = async () => {
    if (!note) return;
    const type = voiceNoteType(note.type);
    if (!type) return setProblem(`This recording’s type (${note.type || 'unknown'}) cannot be sent as a voice note.`);
    if (note.size > LOCAL_PHONE_MAX_AUDIO_BYTES) return setProblem('The recording is over 1 MB: record a shorter one.');
    setProblem(null);
    try {
      await onSend({ data: await base64Of(note), mime_type: type });
      clear();
    } catch {
      // The phone shows the error; the note stays to send again.
    }
  };

  const error = problem ?? (recorder.state === 'idle' ? recorder.error : null);

  return (
    <div className="grid gap-2">
      {recorder.state === 'recording' ? (
        <div className="flex items-center gap-3">
          <Button variant="destructive" onClick={stop}>
            <Square aria-hidden="true" />
            Stop recording
          </Button>
          <p className="text-sm tabular-nums" role="status">
            <span className="bg-destructive mr-2 inline-block size-2 animate-pulse rounded-full" aria-hidden="true" />
            Recording {clock(recorder.seconds)} of {clock(MAX_RECORDING_SECONDS)}
          </p>
        </div>
      ) : previewUrl ? (
        <div className="grid gap-2">
          {/* The member's own recording, played back before sending: nothing to caption. */}
          <audio controls src={previewUrl} aria-label="Your voice note" className="h-10 w-full" />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void send()} busy={sending}>
              <Send aria-hidden="true" />
              Send voice note
            </Button>
            <Button variant="ghost" onClick={clear}>
              <Trash2 aria-hidden="true" />
              Discard
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void start()}>
            <Mic aria-hidden="true" />
            Record a voice note
          </Button>
          <label
            className={cn(
              'border-input bg-background hover:bg-accent hover:text-accent-foreground inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium shadow-xs',
              'has-[:focus-visible]:border-ring has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:ring-[3px]',
            )}
          >
            <FileAudio aria-hidden="true" className="size-4" />
            Choose an audio file
            <input type="file" accept="audio/*" className="sr-only" onChange={choose} />
          </label>
        </div>
      )}
      {error && (
        <p className="text-destructive text-sm" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
