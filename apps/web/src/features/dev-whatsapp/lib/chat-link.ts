/**
 * A chat link's prefilled message, as WhatsApp opens it: `https://wa.me/<number>?text=…`,
 * `https://api.whatsapp.com/send?phone=<number>&text=…` or `whatsapp://send?text=…`.
 * Pasting one into the phone fills its message box with the decoded text, as
 * following it on a real phone does. Null for anything else, and for a link
 * without a message.
 */
export function chatLinkMessage(input: string): { number: string | null; text: string } | null {
  const trimmed = input.trim();
  if (/\s/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  let number: string | null;
  if (url.protocol === 'https:' && host === 'wa.me') {
    number = url.pathname.replace(/^\//, '') || null;
  } else if (url.protocol === 'https:' && host === 'api.whatsapp.com' && url.pathname === '/send') {
    number = url.searchParams.get('phone');
  } else if (url.protocol === 'whatsapp:' && (host === 'send' || url.pathname.replace(/^\/+/, '') === 'send')) {
    number = url.searchParams.get('phone');
  } else {
    return null;
  }
  const text = url.searchParams.get('text');
  if (!text) return null;
  return { number: number ? number.replace(/\D/g, '') || null : null, text };
}
