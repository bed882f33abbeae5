/** A `multipart/form-data` body, read the way a provider reads an upload. */
export interface ParsedForm {
  /** The text fields by name. */
  fields: Record<string, string>;
  /** The file fields by name. */
  files: Record<string, { fileName: string; mimeType: string; bytes: Buffer }>;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/**
 * Reads a multipart body (RFC 7578) at once; null when it is not one (no
 * boundary, or a part without headers). Small on purpose: enough for the
 * fakes' uploads, not a streaming parser.
 */
export function parseMultipart(body: Buffer, contentType: string | undefined): ParsedForm | null {
  const match = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (!match) return null;
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  const form: ParsedForm = { fields: {}, files: {} };
  let start = body.indexOf(delimiter);
  if (start < 0) return null;
  for (;;) {
    start += delimiter.length;
    // `--` after a delimiter closes the body.
    if (body.subarray(start, start + 2).toString() === '--') return form;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    // A part: CRLF, headers, a blank line, the content, CRLF before the next delimiter.
    const part = body.subarray(start + CRLF.length, next - CRLF.length);
    const headersEnd = part.indexOf(HEADERS_END);
    if (headersEnd < 0) return null;
    const headers = part.subarray(0, headersEnd).toString('utf8');
    const content = part.subarray(headersEnd + HEADERS_END.length);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined) {
      if (fileName !== undefined) {
        const mimeType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
        form.files[name] = { fileName, mimeType, bytes: Buffer.from(content) };
      } else {
        form.fields[name] = content.toString('utf8');
      }
    }
    start = next;
  }
}
