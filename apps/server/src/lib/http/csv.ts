/**
 * CSV as spreadsheets read it: RFC 4180 quoting, CRLF line ends, and a UTF-8
 * byte-order mark so Excel opens accented names correctly.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell as a formula when it starts with =, +, - or @
 * (OWASP "CSV injection"). A formula can start a cell, and also any piece of
 * one that a spreadsheet splitting on ';' or tab (Excel in much of Europe,
 * some import dialogs) or on a line break takes for a cell of its own: such a
 * reader honours our quotes only when a field starts with one, so `x;=1+1`
 * would give it the cell `=1+1`. Each such start, after any spaces or quotes
 * a reader may skip, gets an apostrophe, which makes it show as the text it is.
 */
const FORMULA_AT_A_PIECE_START = /(^|[;\t\r\n])([ "]*)(?=[=+\-@])/g;
/** Some spreadsheets also skip a leading tab or carriage return before looking for a formula. */
const SKIPPED_LEADING = /^[\t\r]/;

export function csvCell(value: string): string {
  let text = value.replace(FORMULA_AT_A_PIECE_START, "$1$2'");
  if (SKIPPED_LEADING.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
