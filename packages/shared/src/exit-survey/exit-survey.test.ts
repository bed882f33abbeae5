import { describe, expect, it } from 'vitest';
import { exitSurveyDetailsSchema, exitSurveySchema, exitSurveyStepOneSchema } from './exit-survey';

/** The first message zod gives for each field, as the form shows it. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('step 1: the survey', () => {
  it('accepts every allowed answer, with or without a reason', () => {
    for (const willingness_to_pay of ['yes', 'maybe', 'no'] as const) {
      for (const chat_preference of ['yes', 'no'] as const) {
        expect(exitSurveyStepOneSchema.safeParse({ willingness_to_pay, chat_preference }).success).toBe(true);
      }
    }
    const parsed = exitSurveyStepOneSchema.parse({
      willingness_to_pay: 'no',
      chat_preference: 'no',
      reason: '  Cost ',
    });
    expect(parsed.reason).toBe('Cost');
  });

  it('asks for both choices with "Please select an option"', () => {
    expect(messages(exitSurveyStepOneSchema.safeParse({}))).toEqual({
      willingness_to_pay: 'Please select an option',
      chat_preference: 'Please select an option',
    });
    expect(
      messages(exitSurveyStepOneSchema.safeParse({ willingness_to_pay: 'maybe', chat_preference: 'maybe' })),
    ).toEqual({ chat_preference: 'Please select an option' });
    // What an unticked radio group gives react-hook-form.
    expect(messages(exitSurveyStepOneSchema.safeParse({ willingness_to_pay: null, chat_preference: '' }))).toEqual({
      willingness_to_pay: 'Please select an option',
      chat_preference: 'Please select an option',
    });
  });

  it('allows a reason of up to 500 characters', () => {
    const base = { willingness_to_pay: 'yes', chat_preference: 'yes' };
    expect(exitSurveyStepOneSchema.safeParse({ ...base, reason: 'r'.repeat(500) }).success).toBe(true);
    expect(messages(exitSurveyStepOneSchema.safeParse({ ...base, reason: 'r'.repeat(501) }))).toEqual({
      reason: 'Reason must be less than 500 characters',
    });
    // Surrounding spaces do not count against the limit.
    expect(exitSurveyStepOneSchema.safeParse({ ...base, reason: ` ${'r'.repeat(500)} ` }).success).toBe(true);
  });
});

describe('step 2: the details', () => {
  it('trims and accepts a name and address', () => {
    expect(exitSurveyDetailsSchema.parse({ name: '  Amara Okafor ', email: ' amara@example.co.uk ' })).toEqual({
      name: 'Amara Okafor',
      email: 'amara@example.co.uk',
    });
  });

  it.each([
    [{ name: '', email: 'a@example.com' }, { name: 'Name is required' }],
    [{ name: '    ', email: 'a@example.com' }, { name: 'Name is required' }],
    [{ name: 'n'.repeat(101), email: 'a@example.com' }, { name: 'Name must be less than 100 characters' }],
    [{ name: 'Amara', email: '' }, { email: 'Invalid email address' }],
    [{ name: 'Amara', email: 'amara@' }, { email: 'Invalid email address' }],
    [{ name: 'Amara', email: `${'e'.repeat(244)}@example.com` }, { email: 'Email must be less than 255 characters' }],
  ])('refuses %j', (input, expected) => {
    expect(messages(exitSurveyDetailsSchema.safeParse(input))).toEqual(expected);
  });

  it('allows exactly 100 characters of name and 255 of address', () => {
    const email = `${'e'.repeat(243)}@example.com`;
    expect(email).toHaveLength(255);
    expect(exitSurveyDetailsSchema.safeParse({ name: 'n'.repeat(100), email }).success).toBe(true);
  });
});

describe('the whole submission', () => {
  const valid = { name: 'Amara', email: 'amara@example.com', willingness_to_pay: 'yes', chat_preference: 'no' };

  it('accepts both steps together', () => {
    expect(exitSurveySchema.safeParse(valid).success).toBe(true);
  });

  it('refuses any field the form does not send, such as the source', () => {
    const result = exitSurveySchema.safeParse({ ...valid, source: 'Elsewhere' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
