import { describe, expect, it } from 'vitest';
import { base64Of, voiceNoteType } from './audio';

describe('voiceNoteType', () => {
  it('names what browsers record and audio files as the phone sends them', () => {
    expect(voiceNoteType('audio/webm;codecs=opus')).toBe('audio/webm; codecs=opus');
    expect(voiceNoteType('audio/ogg; codecs=opus')).toBe('audio/ogg; codecs=opus');
    expect(voiceNoteType('audio/OGG')).toBe('audio/ogg');
    expect(voiceNoteType('audio/mpeg')).toBe('audio/mpeg');
    // Another codec in a known container: sent as the container.
    expect(voiceNoteType('audio/webm;codecs=vorbis')).toBe('audio/webm');
  });

  it('refuses what is not a voice note', () => {
    for (const type of ['', 'video/webm', 'audio/wav', 'application/ogg']) expect(voiceNoteType(type), type).toBeNull();
  });
});

describe('base64Of', () => {
  it('encodes every byte, beyond one chunk', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 256);
    const encoded = await base64Of(new Blob([bytes]));
    expect(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))).toEqual(bytes);
  });
});
