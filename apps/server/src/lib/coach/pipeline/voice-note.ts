import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { mediaFiles } from '../../../db/schema';
import type { CoachModel } from '../model/model-types';

/** The voice note's file is still being fetched from WhatsApp: the job is tried again (the outbox's backoff). */
export class MediaPending extends Error {}

/** How long the coach waits for a voice note's file before a person takes it. */
export const MEDIA_WAIT_MS = 10 * 60_000;

export type VoiceNoteText =
  | { kind: 'text'; text: string }
  /** Nobody can transcribe it (no transcription model, the file failed, the provider did not answer): a person listens. */
  | { kind: 'for_a_person'; why: string };

/**
 * The words of a voice note (decision 057): transcribed through the model's
 * provider when a transcription model is configured and the file is stored.
 * Only the words are asked for: nothing is read from the voice itself.
 */
export async function voiceNoteText(
  db: Database,
  model: CoachModel | null,
  note: { fileId: string | undefined; sentAt: Date },
  now: Date,
): Promise<VoiceNoteText> {
  const fileId = note.fileId;
  if (!model?.canTranscribe) return { kind: 'for_a_person', why: 'no transcription model' };
  if (!fileId) return { kind: 'for_a_person', why: 'no file' };
  const [file] = await db
    .select({ status: mediaFiles.status, content: mediaFiles.content, mimeType: mediaFiles.mimeType })
    .from(mediaFiles)
    .where(eq(mediaFiles.id, fileId));
  if (!file || file.status === 'failed' || (file.status === 'stored' && !file.content)) {
    return { kind: 'for_a_person', why: 'file not stored' };
  }
  if (file.status === 'pending') {
    // The fetch retries for a day; the member should not wait that long for a person to hear of it.
    if (now.getTime() - note.sentAt.getTime() > MEDIA_WAIT_MS)
      return { kind: 'for_a_person', why: 'file still pending' };
    throw new MediaPending('voice note not stored yet');
  }
  const mimeType = file.mimeType ?? 'audio/ogg';
  const outcome = await model.transcribe({
    bytes: file.content!,
    mimeType,
    fileName: `voice-note.${extensionOf(mimeType)}`,
  });
  if (outcome.kind !== 'text' || !outcome.text.trim()) return { kind: 'for_a_person', why: 'not transcribed' };
  return { kind: 'text', text: outcome.text.trim() };
}

/** The extension OpenAI judges an audio file's format by. */
function extensionOf(mimeType: string): string {
  const subtype = mimeType.split(';')[0]!.trim().split('/')[1] ?? '';
  const known: Record<string, string> = {
    ogg: 'ogg',
    opus: 'ogg',
    mpeg: 'mp3',
    mp4: 'm4a',
    aac: 'm4a',
    wav: 'wav',
    webm: 'webm',
    amr: 'ogg',
  };
  return known[subtype] ?? 'ogg';
}
