import { describe, expect, it } from 'vitest';
import { coachTypingReducer, NOT_TYPING, TYPING_SHOWN_MS } from './coach-typing';

describe('the typing line’s state', () => {
  it('goes once no answer came for a while, and not before', () => {
    const typing = coachTypingReducer(NOT_TYPING, { type: 'coach_typing', at: 1_000 });
    expect(coachTypingReducer(typing, { type: 'tick', at: 1_000 + TYPING_SHOWN_MS - 1 })).toBe(typing);
    expect(coachTypingReducer(typing, { type: 'tick', at: 1_000 + TYPING_SHOWN_MS })).toEqual(NOT_TYPING);
  });

  it('starts over with each frame: a second attempt keeps the line', () => {
    const first = coachTypingReducer(NOT_TYPING, { type: 'coach_typing', at: 0 });
    const second = coachTypingReducer(first, { type: 'coach_typing', at: 20_000 });
    expect(coachTypingReducer(second, { type: 'tick', at: TYPING_SHOWN_MS })).toEqual(second);
  });
});
