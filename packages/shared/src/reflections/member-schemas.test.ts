import { describe, expect, it } from 'vitest';
import { MAX_REFLECTION_LENGTH, promptRatingSchema, reflectionCreateSchema } from './member-schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('reflectionCreateSchema', () => {
  it('accepts a reflection with or without a prompt, trimmed', () => {
    const id = '3f2b8a9e-4c1d-4e5f-9a6b-7c8d9e0f1a2b';
    expect(reflectionCreateSchema.parse({ reflection_text: '  Calmer today ', strategic_prompt_id: id })).toEqual({
      reflection_text: 'Calmer today',
      strategic_prompt_id: id,
    });
    expect(
      reflectionCreateSchema.parse({ reflection_text: 'x', strategic_prompt_id: null }).strategic_prompt_id,
    ).toBeNull();
    expect(
      reflectionCreateSchema.parse({ reflection_text: 'x'.repeat(MAX_REFLECTION_LENGTH) }).reflection_text,
    ).toHaveLength(MAX_REFLECTION_LENGTH);
  });

  it('refuses empty, blank and over-long text with the form’s messages', () => {
    expect(messages(reflectionCreateSchema.safeParse({ reflection_text: '' }))).toEqual([
      'Please write your reflection first',
    ]);
    expect(messages(reflectionCreateSchema.safeParse({ reflection_text: ' \n\t ' }))).toEqual([
      'Please write your reflection first',
    ]);
    expect(
      messages(reflectionCreateSchema.safeParse({ reflection_text: 'x'.repeat(MAX_REFLECTION_LENGTH + 1) })),
    ).toEqual([`Reflection must be less than ${MAX_REFLECTION_LENGTH} characters`]);
  });

  it('refuses a malformed prompt id and any extra field', () => {
    expect(messages(reflectionCreateSchema.safeParse({ reflection_text: 'x', strategic_prompt_id: '42' }))).toEqual([
      'Unknown prompt',
    ]);
    expect(reflectionCreateSchema.safeParse({ reflection_text: 'x', user_id: 'someone' }).success).toBe(false);
  });
});

describe('promptRatingSchema', () => {
  it.each([1, 2, 3, 4, 5])('accepts %i', (rating) => {
    expect(promptRatingSchema.parse({ rating })).toEqual({ rating });
  });

  it.each([0, 6, 3.5, -1])('refuses %d', (rating) => {
    expect(promptRatingSchema.safeParse({ rating }).success).toBe(false);
  });

  it('says Choose 1 to 5 out of range, and refuses strings and extra fields', () => {
    expect(messages(promptRatingSchema.safeParse({ rating: 0 }))).toEqual(['Choose 1 to 5']);
    expect(messages(promptRatingSchema.safeParse({ rating: 6 }))).toEqual(['Choose 1 to 5']);
    expect(promptRatingSchema.safeParse({ rating: '4' }).success).toBe(false);
    expect(promptRatingSchema.safeParse({ rating: 4, user_id: 'x' }).success).toBe(false);
  });
});
