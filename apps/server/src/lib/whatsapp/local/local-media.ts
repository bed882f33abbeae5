/**
 * Where the local provider says a phone's voice note can be fetched, like
 * Meta's short-lived media URL (GET /{media-id} → url, valid 5 minutes). The
 * same path serves it to the phone page (routes/dev/dev-whatsapp.routes.ts).
 */

/** Meta's media URLs expire after 5 minutes; so do these. */
export const LOCAL_MEDIA_URL_TTL_MS = 5 * 60 * 1000;

export const localMediaPath = (mediaId: string) => `/api/dev/whatsapp/media/${mediaId}`;

/** The media URL the provider hands out: the path on the server's address, and until when it is valid. */
export function localMediaUrl(publicUrl: string, mediaId: string, now: Date): string {
  const url = new URL(localMediaPath(mediaId), publicUrl);
  url.searchParams.set('expires', String(now.getTime() + LOCAL_MEDIA_URL_TTL_MS));
  return url.toString();
}

/** The media id a URL handed out names, if it is one and has not expired. */
export function mediaIdOfLocalUrl(url: string, now: Date): { mediaId: string; expired: boolean } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = /^\/api\/dev\/whatsapp\/media\/([0-9a-f-]{36})$/i.exec(parsed.pathname);
  if (!match) return null;
  const expires = Number(parsed.searchParams.get('expires'));
  return { mediaId: match[1]!, expired: !(expires > now.getTime()) };
}
