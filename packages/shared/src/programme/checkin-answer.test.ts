import { describe, expect, it } from 'vitest';
import { CHECKIN_NOTE_MAX_LENGTH, parseCheckinAnswer } from './programme-schemas';

describe('a chat message read as a check-in answer', () => {
  it.each([
    ['7', 7, null],
    [' 10 ', 10, null],
    ['0', 0, null],
    ['7/10', 7, null],
    ['7 / 10 long day', 7, 'long day'],
    ['7 - long day of meetings', 7, 'long day of meetings'],
    ['7 – long day', 7, 'long day'],
    ['7, long day', 7, 'long day'],
    ['7: long   day', 7, 'long day'],
    ['7.', 7, null],
    ['4!', 4, null],
  ])('%j is the score %d with the note %j', (text, score, note) => {
    expect(parseCheckinAnswer(text)).toEqual({ score, note });
  });

  it.each([
    '5 things went wrong today',
    '3 weeks without proper sleep',
    '2 people left the team',
    '11',
    '100',
    '7.5',
    '7,5',
    '7/100',
    'about 7',
    'seven',
    '',
  ])('%j is not an answer: the member is saying something else', (text) => {
    expect(parseCheckinAnswer(text)).toBeNull();
  });

  it('a note longer than a check-in note may be is not taken as one', () => {
    expect(parseCheckinAnswer(`6 - ${'a'.repeat(CHECKIN_NOTE_MAX_LENGTH)}`)).toEqual({
      score: 6,
      note: 'a'.repeat(CHECKIN_NOTE_MAX_LENGTH),
    });
    expect(parseCheckinAnswer(`6 - ${'a'.repeat(CHECKIN_NOTE_MAX_LENGTH + 1)}`)).toBeNull();
  });
});
