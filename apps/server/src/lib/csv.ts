/**
 * CSV as spreadsheets read it: RFC 4180 quoting, CRLF line ends, and a UTF-8
 * byte-order mark so Excel opens accented names correctly.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or
 * carriage return that some of them skip before looking for one) gets a leading
 * apostrophe, so it shows as the text it is (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
