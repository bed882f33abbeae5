import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, UTF8_BOM } from './csv';
import { isKnownTimeZone } from '@app/shared';
import { formatDateIn, formatDateTimeIn } from '../time/zoned-time';

describe('csvCell (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Too pricey, for now')).toBe('"Too pricey, for now"');
    expect(csvCell('I said "maybe"')).toBe('"I said ""maybe"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it.each(['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)', ' =1', '"=1'])(
    'neutralises %j, which a spreadsheet would run',
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
      expect(unquoted.replace(/^[ "]*/, '')).toMatch(/^'[=+\-@]/);
    },
  );

  it.each([
    ['x;=1+1', "x;'=1+1"],
    ['x; =1+1', "x; '=1+1"],
    ['a\t+1', "a\t'+1"],
    ['line\n@SUM(A1)', '"line\n\'@SUM(A1)"'],
    ['\t=1', "'\t'=1"],
    ['\r=1', '"\'\r\'=1"'],
  ])('neutralises a formula after a separator some spreadsheets split on: %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves formula characters inside the text alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
  });
});

describe('toCsv', () => {
  it('starts with the byte-order mark and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['Name', 'Reason'],
        ['Ada', 'a, "b"\nc'],
      ]),
    ).toBe(`${UTF8_BOM}Name,Reason\r\nAda,"a, ""b""\nc"\r\n`);
  });
});

describe('zoned dates', () => {
  const instant = new Date('2026-11-22T23:45:00Z');

  it('formats yyyy-MM-dd HH:mm in the given zone, on a 24-hour clock', () => {
    expect(formatDateTimeIn(instant, 'UTC')).toBe('2026-11-22 23:45');
    expect(formatDateTimeIn(instant, 'Europe/Berlin')).toBe('2026-11-23 00:45');
    expect(formatDateTimeIn(new Date('2026-07-01T00:05:00Z'), 'UTC')).toBe('2026-07-01 00:05');
    expect(formatDateIn(instant, 'America/New_York')).toBe('2026-11-22');
  });

  it('knows a time zone from a made-up one', () => {
    expect(isKnownTimeZone('Europe/London')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
