import type { StepSize } from '@app/shared';
import type { FOCUS_AREAS } from './seed-data';

/**
 * The step library the product starts with (decision 058, "Step tasks"): per
 * focus area, "If <if_text>, then I will <then_text>." plans, three regular
 * (size 3), two smaller (2) and one smallest (1). About the working day and
 * wellbeing habits: nothing about food or weight, nothing clinical.
 */
type StepSeed = { if_text: string; then_text: string; size: StepSize };
type FocusValue = (typeof FOCUS_AREAS)[number]['value'];

export const STEP_LIBRARY: Record<FocusValue, StepSeed[]> = {
  'finding-direction': [
    {
      size: 3,
      if_text: 'I sit down on Monday morning',
      then_text: 'write the three things that matter most this week before opening my inbox',
    },
    {
      size: 3,
      if_text: 'a new request lands on my desk',
      then_text: 'ask myself whether it moves one of my priorities forward before saying yes',
    },
    {
      size: 3,
      if_text: 'I finish work on Friday',
      then_text: 'spend five minutes noting what felt worthwhile this week',
    },
    {
      size: 2,
      if_text: 'I start my working day',
      then_text: 'write down the one thing that would make today feel worthwhile',
    },
    {
      size: 2,
      if_text: 'I feel pulled in every direction',
      then_text: 'name out loud the one thing that matters most right now',
    },
    { size: 1, if_text: 'I open my laptop', then_text: 'take one breath and ask myself what matters today' },
  ],
  'burnout-recovery': [
    {
      size: 3,
      if_text: 'I reach the middle of the afternoon',
      then_text: 'take a ten-minute break away from screens',
    },
    {
      size: 3,
      if_text: 'I finish my last meeting of the day',
      then_text: 'close my work apps and not reopen them tonight',
    },
    {
      size: 3,
      if_text: 'I notice I am running on empty',
      then_text: 'cancel or postpone one thing that can wait',
    },
    { size: 2, if_text: 'I finish a task', then_text: 'stand up and stretch for one minute before starting the next' },
    {
      size: 2,
      if_text: 'I get home from work',
      then_text: 'change out of my work clothes and take five quiet minutes',
    },
    { size: 1, if_text: 'I notice I am tired', then_text: 'take three slow breaths before carrying on' },
  ],
  'focus-and-priorities': [
    {
      size: 3,
      if_text: 'I start my most important task',
      then_text: 'turn off notifications for 45 minutes',
    },
    {
      size: 3,
      if_text: 'I plan tomorrow at the end of the day',
      then_text: 'choose the one task I will do first',
    },
    {
      size: 3,
      if_text: 'my to-do list grows past ten items',
      then_text: 'move three of them to a later date or hand them on',
    },
    { size: 2, if_text: 'I sit down to focus', then_text: 'put my phone in another room for 20 minutes' },
    { size: 2, if_text: 'I catch myself switching tabs', then_text: 'close every tab I do not need for this task' },
    { size: 1, if_text: 'I start a task', then_text: 'write its name on a sticky note in front of me' },
  ],
  'handling-change': [
    {
      size: 3,
      if_text: 'I hear news about changes at work',
      then_text: 'write down what I know, what I do not know and what I can control',
    },
    {
      size: 3,
      if_text: 'I feel unsettled by a change',
      then_text: 'ask my manager one clear question about what it means for me',
    },
    {
      size: 3,
      if_text: 'the week ahead feels uncertain',
      then_text: 'keep one familiar routine going, like my morning walk',
    },
    {
      size: 2,
      if_text: 'I notice I am worrying about what might happen',
      then_text: 'name one thing that is still steady',
    },
    { size: 2, if_text: 'I finish my working day', then_text: 'write one thing that went fine despite the change' },
    { size: 1, if_text: 'I feel unsettled', then_text: 'put both feet on the floor and take one slow breath' },
  ],
  'setting-boundaries': [
    {
      size: 3,
      if_text: 'someone asks for something outside my hours',
      then_text: 'reply that I will pick it up tomorrow morning',
    },
    {
      size: 3,
      if_text: 'I am asked to take on extra work',
      then_text: 'say I will check my priorities and reply by the end of the day',
    },
    {
      size: 3,
      if_text: 'my working day ends',
      then_text: 'switch off work notifications on my phone',
    },
    {
      size: 2,
      if_text: 'a meeting invite arrives without an agenda',
      then_text: 'ask what it is for before accepting',
    },
    {
      size: 2,
      if_text: 'I feel the urge to answer a late message',
      then_text: 'wait until the morning and notice how that feels',
    },
    { size: 1, if_text: 'someone asks me for something', then_text: 'pause for one breath before I answer' },
  ],
  'managing-anxiety': [
    {
      size: 3,
      if_text: 'I feel tense before a big meeting',
      then_text: 'breathe out slowly for a count of six, five times',
    },
    {
      size: 3,
      if_text: 'my thoughts race at the end of the day',
      then_text: 'write them down on paper and close the notebook',
    },
    {
      size: 3,
      if_text: 'I catch myself imagining the worst',
      then_text: 'write down what is most likely to happen instead',
    },
    { size: 2, if_text: 'I notice my shoulders are tight', then_text: 'let them drop and unclench my jaw' },
    { size: 2, if_text: 'I sit down before a deadline', then_text: 'name five things I can see around me' },
    { size: 1, if_text: 'I notice my heart racing', then_text: 'breathe out a little longer than I breathe in' },
  ],
  'self-compassion': [
    {
      size: 3,
      if_text: 'I make a mistake at work',
      then_text: 'say to myself what I would say to a colleague in my place',
    },
    {
      size: 3,
      if_text: 'I end my working day',
      then_text: 'write down one thing I handled well, however small',
    },
    {
      size: 3,
      if_text: 'my inner critic gets loud',
      then_text: 'notice it, name it and carry on with the next small task',
    },
    { size: 2, if_text: 'I catch myself thinking "I should have"', then_text: 'swap it for "next time I could"' },
    { size: 2, if_text: 'someone thanks me', then_text: 'simply say "thank you" without playing it down' },
    { size: 1, if_text: 'I feel I have fallen short', then_text: 'put a hand on my chest and breathe out slowly' },
  ],
  perspective: [
    {
      size: 3,
      if_text: 'something at work feels like a disaster',
      then_text: 'ask myself whether it will matter in a year',
    },
    {
      size: 3,
      if_text: 'I feel stuck on a problem',
      then_text: 'take a short walk before coming back to it',
    },
    {
      size: 3,
      if_text: 'I end the week',
      then_text: 'write down three things that went better than I expected',
    },
    { size: 2, if_text: 'an email annoys me', then_text: 'wait ten minutes before replying' },
    { size: 2, if_text: 'I feel overwhelmed', then_text: 'look out of the window for one minute' },
    { size: 1, if_text: 'I feel a wave of stress', then_text: 'ask myself "what matters most right now?"' },
  ],
  'work-life-balance': [
    {
      size: 3,
      if_text: 'it is time to stop work',
      then_text: 'close my laptop and put it out of sight',
    },
    {
      size: 3,
      if_text: 'I plan my week',
      then_text: 'put one evening for something I enjoy in my diary',
    },
    {
      size: 3,
      if_text: 'it is lunchtime',
      then_text: 'take my full break away from my desk',
    },
    { size: 2, if_text: 'I finish work', then_text: 'do one small thing just for me before checking my phone' },
    { size: 2, if_text: 'I am with friends or family', then_text: 'leave my work phone in another room' },
    { size: 1, if_text: 'I finish my working day', then_text: 'say out loud "work is done for today"' },
  ],
  confidence: [
    {
      size: 3,
      if_text: 'I finish a piece of work I am proud of',
      then_text: 'share it with one person who would like to see it',
    },
    {
      size: 3,
      if_text: 'I have an idea in a meeting',
      then_text: 'say it within the first ten minutes',
    },
    {
      size: 3,
      if_text: 'I end the week',
      then_text: 'add one achievement to a running list of wins',
    },
    { size: 2, if_text: 'I start writing an email', then_text: 'leave out "just" and "sorry" unless I mean them' },
    { size: 2, if_text: 'someone praises my work', then_text: 'write their words down to read again later' },
    { size: 1, if_text: 'I walk into a meeting', then_text: 'stand tall and take one steady breath' },
  ],
  leadership: [
    {
      size: 3,
      if_text: 'I start the week with my team',
      then_text: 'ask each person what would help them most this week',
    },
    {
      size: 3,
      if_text: 'the pressure rises',
      then_text: 'tell my team calmly what we will focus on and what can wait',
    },
    {
      size: 3,
      if_text: 'someone on my team does good work',
      then_text: 'thank them for it specifically the same day',
    },
    { size: 2, if_text: 'I am about to reply in a heated moment', then_text: 'pause and ask one question first' },
    { size: 2, if_text: 'I delegate a task', then_text: 'say clearly what good looks like and when it is due' },
    { size: 1, if_text: 'I walk into a team meeting', then_text: 'take one slow breath and smile' },
  ],
};
