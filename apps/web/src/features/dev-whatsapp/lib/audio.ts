import { LOCAL_PHONE_AUDIO_TYPES, LOCAL_PHONE_MAX_AUDIO_BYTES, type LocalPhoneAudioType } from '@app/shared';

export { LOCAL_PHONE_MAX_AUDIO_BYTES };

/**
 * The phone's name for an audio type, or null when it cannot send it. A
 * browser writes `audio/webm;codecs=opus`; WhatsApp writes `audio/ogg; codecs=opus`.
 */
export function voiceNoteType(type: string): LocalPhoneAudioType | null {
  const [essence = '', ...parameters] = type
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  const codecs = parameters.find((p) => p.startsWith('codecs='));
  const written = codecs === 'codecs=opus' ? `${essence}; codecs=opus` : essence;
  return (LOCAL_PHONE_AUDIO_TYPES as readonly string[]).includes(written)
    ? (written as LocalPhoneAudioType)
    : (LOCAL_PHONE_AUDIO_TYPES as readonly string[]).includes(essence)
      ? (essence as LocalPhoneAudioType)
      : null;
}

/** A file's bytes as base64, for the JSON body. */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
