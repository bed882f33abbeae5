/**
 * Reference content the product starts with. Icon names are the ones the
 * focus-area dropdown knows (docs/product.md#profile); colour classes are Tailwind classes.
 */
export const FOCUS_AREAS = [
  {
    value: 'finding-direction',
    label: 'Finding Direction',
    description: 'Get clear on what matters when everything feels urgent.',
    iconName: 'Compass',
    colorClasses: 'bg-sky-50 text-sky-800 border-sky-200',
  },
  {
    value: 'burnout-recovery',
    label: 'Burnout Recovery',
    description: 'Rebuild your energy after running on empty for too long.',
    iconName: 'Flame',
    colorClasses: 'bg-orange-50 text-orange-800 border-orange-200',
  },
  {
    value: 'focus-and-priorities',
    label: 'Focus & Priorities',
    description: 'Cut through the noise and put your attention where it counts.',
    iconName: 'Target',
    colorClasses: 'bg-rose-50 text-rose-800 border-rose-200',
  },
  {
    value: 'handling-change',
    label: 'Handling Change',
    description: 'Stay steady through restructures, new roles and uncertainty.',
    iconName: 'RefreshCw',
    colorClasses: 'bg-teal-50 text-teal-800 border-teal-200',
  },
  {
    value: 'setting-boundaries',
    label: 'Setting Boundaries',
    description: 'Protect your time and energy without guilt.',
    iconName: 'Shield',
    colorClasses: 'bg-indigo-50 text-indigo-800 border-indigo-200',
  },
  {
    value: 'managing-anxiety',
    label: 'Managing Anxiety',
    description: 'Calm racing thoughts before meetings, deadlines and big decisions.',
    iconName: 'AlertTriangle',
    colorClasses: 'bg-amber-50 text-amber-800 border-amber-200',
  },
  {
    value: 'self-compassion',
    label: 'Self-Compassion',
    description: 'Quieten the inner critic and treat yourself as you would a colleague.',
    iconName: 'Heart',
    colorClasses: 'bg-pink-50 text-pink-800 border-pink-200',
  },
  {
    value: 'perspective',
    label: 'Gaining Perspective',
    description: 'Step back from the moment and see the bigger picture.',
    iconName: 'Eye',
    colorClasses: 'bg-violet-50 text-violet-800 border-violet-200',
  },
  {
    value: 'work-life-balance',
    label: 'Work-Life Balance',
    description: 'Make room for rest, relationships and the rest of your life.',
    iconName: 'Scale',
    colorClasses: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  },
  {
    value: 'confidence',
    label: 'Building Confidence',
    description: 'Back yourself in the room and own your achievements.',
    iconName: 'TrendingUp',
    colorClasses: 'bg-lime-50 text-lime-800 border-lime-200',
  },
  {
    value: 'leadership',
    label: 'Leading Well',
    description: 'Lead your team with calm authority, even under pressure.',
    iconName: 'Award',
    colorClasses: 'bg-yellow-50 text-yellow-800 border-yellow-200',
  },
] as const;

export const COACHING_TONES = [
  {
    value: 'gentle',
    title: 'Gentle Guide',
    subtitle: 'Warm, patient and reassuring',
    quote: 'Take a breath. You have handled hard days before, and you will handle this one.',
  },
  {
    value: 'direct',
    title: 'Straight Talker',
    subtitle: 'Clear, honest and to the point',
    quote: 'Let us name the real problem, pick one action and do it today.',
  },
  {
    value: 'motivating',
    title: 'Motivating Coach',
    subtitle: 'Energising and encouraging',
    quote: 'You are more capable than this moment is telling you. Let us prove it.',
  },
  {
    value: 'reflective',
    title: 'Thoughtful Mentor',
    subtitle: 'Curious, calm and reflective',
    quote: 'What would you tell a trusted colleague who was standing where you are now?',
  },
  {
    value: 'practical',
    title: 'Practical Planner',
    subtitle: 'Structured and solution-focused',
    quote: 'Three steps, in order, starting with the smallest one you can do in five minutes.',
  },
] as const;

type PromptSeed = { focus: (typeof FOCUS_AREAS)[number]['value']; title: string; promptText: string };

export const STRATEGIC_PROMPTS: readonly PromptSeed[] = [
  {
    focus: 'finding-direction',
    title: 'Your north star',
    promptText:
      'If this week went exactly as you hoped, what would be different on Friday evening? Name one thing you can do today that moves you towards it.',
  },
  {
    focus: 'finding-direction',
    title: 'What you would keep',
    promptText:
      'List three parts of your work you would keep even if nobody were watching. What do they have in common?',
  },
  {
    focus: 'burnout-recovery',
    title: 'Energy audit',
    promptText:
      'Which tasks drained you most this week, and which gave you energy back? Choose one drain you can reduce.',
  },
  {
    focus: 'burnout-recovery',
    title: 'Permission to rest',
    promptText:
      'What would rest look like for you this evening, in practice? What is one thing you will say no to so that it can happen?',
  },
  {
    focus: 'focus-and-priorities',
    title: 'The one thing',
    promptText:
      'Of everything on your list, which single task would make the rest easier or unnecessary? When will you do it?',
  },
  {
    focus: 'focus-and-priorities',
    title: 'Noise and signal',
    promptText: 'Which demands on your attention today are genuinely important, and which are only loud?',
  },
  {
    focus: 'handling-change',
    title: 'What stays the same',
    promptText: 'In the middle of this change, what about you, your values and your strengths stays exactly the same?',
  },
  {
    focus: 'handling-change',
    title: 'Small next step',
    promptText: 'You cannot control the whole change. What is the smallest next step that is fully in your hands?',
  },
  {
    focus: 'setting-boundaries',
    title: 'A clear no',
    promptText: 'Where did you say yes this week when you meant no? Write the sentence you would use next time.',
  },
  {
    focus: 'setting-boundaries',
    title: 'Protected time',
    promptText: 'Which hour of your week deserves protecting, and what will you do to keep it free?',
  },
  {
    focus: 'managing-anxiety',
    title: 'Name it to tame it',
    promptText:
      'Describe the worry as precisely as you can. What is the most likely outcome, rather than the worst one?',
  },
  {
    focus: 'managing-anxiety',
    title: 'Evidence check',
    promptText: 'What evidence do you have that you can handle this? Recall a similar moment that you came through.',
  },
  {
    focus: 'self-compassion',
    title: 'Kind colleague',
    promptText: 'What would you say to a colleague who made the mistake you are criticising yourself for?',
  },
  {
    focus: 'self-compassion',
    title: 'Quiet wins',
    promptText: 'Write down three things you did well this week that nobody noticed.',
  },
  {
    focus: 'perspective',
    title: 'Five-year view',
    promptText:
      'How much will today’s problem matter in five weeks? In five years? What does that change about how you respond?',
  },
  {
    focus: 'perspective',
    title: 'Wider lens',
    promptText: 'Who else is affected by this situation, and how might it look from where they stand?',
  },
  {
    focus: 'work-life-balance',
    title: 'Switching off',
    promptText: 'What signals the end of your working day? Design a two-minute ritual to mark it.',
  },
  {
    focus: 'work-life-balance',
    title: 'Time for you',
    promptText: 'What did you enjoy doing before work took over? When could you give it thirty minutes this week?',
  },
  {
    focus: 'confidence',
    title: 'Evidence of ability',
    promptText: 'List five achievements you are proud of. What strengths did each one call on?',
  },
  {
    focus: 'confidence',
    title: 'Speaking up',
    promptText: 'Where did you hold back an idea recently? How would you put it if you were certain it would be heard?',
  },
  {
    focus: 'leadership',
    title: 'Calm in the room',
    promptText:
      'How do you want your team to feel after speaking with you under pressure? What helps you show up that way?',
  },
  {
    focus: 'leadership',
    title: 'Delegating well',
    promptText: 'Which task are you holding on to that someone in your team could grow by owning?',
  },
];
