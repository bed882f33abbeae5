import { RISK_LEVELS, type RiskLevel } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { screenMessage } from './risk-screen';
import { RISK_TEST_SET, type RiskTestCase, type RiskTestKind } from './risk-test-set';

/**
 * The deterministic screening measured on the team's labelled test set (issue
 * 26, "Measured, not assumed"). The bar:
 * - no explicit-risk message (expected high or imminent) may be missed,
 * - at most 10 % of indirect-risk messages may be missed,
 * - at most 10 % of messages that carry no risk (benign, idiom, negation) may be flagged.
 * A miss is a screening below `high` when `high` or `imminent` was expected; a
 * false flag is any level above `none` when `none` was expected.
 */

const rank = (level: RiskLevel) => RISK_LEVELS.indexOf(level);
const screened = RISK_TEST_SET.map((c) => ({ ...c, got: screenMessage(c.text) }));

const isRiskExpected = (c: RiskTestCase) => rank(c.expected) >= rank('high');
const isMiss = (c: RiskTestCase & { got: { level: RiskLevel } }) =>
  isRiskExpected(c) && rank(c.got.level) < rank('high');
const isFalseFlag = (c: RiskTestCase & { got: { level: RiskLevel } }) =>
  c.expected === 'none' && c.got.level !== 'none';

const KINDS: RiskTestKind[] = [
  'explicit',
  'indirect',
  'negation',
  'third_party',
  'idiom',
  'under_18',
  'past',
  'benign',
];

function figures() {
  return KINDS.map((kind) => {
    const ofKind = screened.filter((c) => c.kind === kind);
    return {
      kind,
      count: ofKind.length,
      exact: ofKind.filter((c) => c.got.level === c.expected).length,
      hits: ofKind.filter((c) => isRiskExpected(c) && !isMiss(c)).length,
      misses: ofKind.filter(isMiss).length,
      falseFlags: ofKind.filter(isFalseFlag).length,
    };
  });
}

const describeCase = (c: (typeof screened)[number]) =>
  `${c.kind}: "${c.text}" expected ${c.expected}, screened ${c.got.level} [${c.got.matched.join(', ')}]`;

describe('the risk screening on the labelled test set', () => {
  it('is big enough and mixed as the issue asks', () => {
    expect(RISK_TEST_SET.length).toBeGreaterThanOrEqual(220);
    expect(RISK_TEST_SET.filter((c) => c.kind === 'benign').length).toBeGreaterThanOrEqual(80);
    for (const kind of KINDS) expect(RISK_TEST_SET.some((c) => c.kind === kind)).toBe(true);
    expect(new Set(RISK_TEST_SET.map((c) => c.text)).size).toBe(RISK_TEST_SET.length);
  });

  it('prints its figures and meets the bar', () => {
    const table = figures();
    console.log(`Risk screening on ${screened.length} labelled messages\n`);
    console.table(table);
    const mismatches = screened.filter((c) => c.got.level !== c.expected);
    if (mismatches.length)
      console.log(`Not the expected level (${mismatches.length}):\n${mismatches.map(describeCase).join('\n')}`);

    const explicitMisses = screened.filter((c) => c.kind === 'explicit' && isMiss(c));
    expect(explicitMisses.map(describeCase)).toEqual([]);

    const indirect = screened.filter((c) => c.kind === 'indirect' && isRiskExpected(c));
    const indirectMisses = indirect.filter(isMiss);
    expect(indirectMisses.length / indirect.length, indirectMisses.map(describeCase).join('\n')).toBeLessThanOrEqual(
      0.1,
    );

    // Past, recovered self-harm: a person looks (concern), never the crisis path, never nothing.
    const pastMismatches = screened.filter((c) => c.kind === 'past' && c.got.level !== 'concern');
    expect(pastMismatches.map(describeCase)).toEqual([]);

    const noRisk = screened.filter((c) => ['benign', 'idiom', 'negation'].includes(c.kind) && c.expected === 'none');
    const falseFlags = noRisk.filter(isFalseFlag);
    expect(falseFlags.length / noRisk.length, falseFlags.map(describeCase).join('\n')).toBeLessThanOrEqual(0.1);
  });
});

describe('screenMessage', () => {
  const level = (text: string) => screenMessage(text).level;

  it('names the rules that fired and the categories', () => {
    const screening = screenMessage("I want to kill myself and I'm 16");
    expect(screening.level).toBe('high');
    expect(screening.categories.sort()).toEqual(['suicide', 'under_18']);
    expect(screening.matched).toContain('kill_myself');
    expect(screening.matched).toContain('under_18_age');
    expect(screenMessage('Had a good day').matched).toEqual([]);
  });

  it('reads curly quotes, stretched letters, text-speak and digits for letters', () => {
    expect(level('I can\u2019t promise I won\u2019t hurt myself')).toBe('high');
    expect(level('i want to diiiiie')).toBe('high');
    expect(level('gonna kms')).toBe('high');
    expect(level('thinking about unaliving myself')).toBe('high');
    expect(level('k1ll mys3lf')).toBe('high');
    expect(level('gonna kms 2nite')).toBe('imminent');
    expect(level('I feel SUICIDAL')).toBe('high');
  });

  it('honours negations, unless they are undone', () => {
    expect(level('I would never hurt myself')).toBe('none');
    expect(level("I'm not suicidal")).toBe('none');
    expect(level("I can't promise I won't hurt myself")).toBe('high');
    expect(level("I don't know if I won't hurt myself")).toBe('high');
    // A negation in one clause does not reach the next.
    expect(level("I'm not lazy, I want to die")).toBe('high');
  });

  it('screens worry about someone else as concern, with the right category', () => {
    const colleague = screenMessage('my colleague said she wants to die');
    expect(colleague.level).toBe('concern');
    expect(colleague.categories).toEqual(['suicide']);
    expect(colleague.matched).toEqual(['want_to_die:third_party']);
    expect(screenMessage('my friend is cutting herself').categories).toEqual(['self_harm']);
    expect(screenMessage('her husband hits her').categories).toEqual(['abuse']);
    // The member's own words still count in the same message.
    expect(level('my friend is suicidal and honestly so am I, I want to die')).toBe('high');
  });

  it('leaves work idioms alone', () => {
    for (const idiom of [
      'this deadline is killing me',
      'I could murder a coffee',
      'dying to know',
      'kill the meeting',
      "I'll kill it in the pitch",
      'shoot me an email',
    ]) {
      expect(level(idiom), idiom).toBe('none');
    }
  });

  it('treats plan, means and a timeframe as imminent', () => {
    expect(level("I'm going to kill myself tonight")).toBe('imminent');
    expect(level("I've got my pills saved")).toBe('imminent');
    expect(level("I've been saving pills")).toBe('imminent');
    expect(level("I've written my goodbye letters")).toBe('imminent');
    expect(level('I want to die')).toBe('high');
  });

  it('screens indirect risk as high', () => {
    expect(level('everyone would be better off without me')).toBe('high');
    expect(level("I don't see the point in going on")).toBe('high');
  });

  it('screens self-harm told as past and over as concern, and brought back to now as high', () => {
    const past = screenMessage('I used to self-harm');
    expect(past).toEqual({ level: 'concern', categories: ['self_harm'], matched: ['self_harm_word:past'] });
    expect(level('I self-harm')).toBe('high');
    expect(level("I've started self-harming again")).toBe('high');
    expect(level('I used to self-harm and last night I did it again')).toBe('high');
    // Only self-harm is read this way: a past attempt on their life stays high.
    expect(level('I used to be suicidal')).toBe('high');
  });

  it('screens intent to harm others and abuse as high', () => {
    expect(screenMessage("I'm going to hurt him").categories).toEqual(['harm_to_others']);
    expect(screenMessage('my boyfriend hits me').categories).toEqual(['abuse']);
  });

  it('screens an under-18 disclosure as concern with category under_18, and leaves adults alone', () => {
    const teen = screenMessage("I'm 15 and stressed about exams");
    expect(teen).toEqual({ level: 'concern', categories: ['under_18'], matched: ['under_18_age'] });
    expect(level("I'm 16 hours into my shift")).toBe('none');
    expect(level("I'm 42 and tired")).toBe('none');
    expect(level('my 14 year old son')).toBe('none');
    expect(level("I'm in year 9")).toBe('concern');
  });

  it('is deterministic and safe on odd input', () => {
    expect(screenMessage('')).toEqual({ level: 'none', categories: [], matched: [] });
    expect(level('🙂🙂🙂')).toBe('none');
    expect(level('x'.repeat(20_000))).toBe('none');
    expect(screenMessage('I want to die')).toEqual(screenMessage('I want to die'));
  });
});
