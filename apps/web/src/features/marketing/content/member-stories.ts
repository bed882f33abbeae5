/**
 * The sample members the public pages quote (docs/product.md#public-site): one
 * list, so a person has the same city on the landing page and on Success
 * Stories. They are illustrative, not real people; the pages say so.
 * `story` marks the three told at length on Success Stories.
 */
export interface SampleMember {
  name: string;
  location: string;
  /** The short quote of the landing page's testimonial strip. */
  quote: string;
  story?: { role: string; focus: string; text: string };
}

export const SAMPLE_MEMBERS: readonly SampleMember[] = [
  {
    name: 'Priya S.',
    location: 'Leeds',
    quote: 'I used to lie awake replaying meetings. A two-minute voice note before bed now settles my head.',
    story: {
      role: 'Finance Director',
      focus: 'Overwhelm',
      text: 'Quarter-end used to mean sleepless nights. Now, when the numbers pile up, I send a voice note from the car park and walk in with a plan. It has changed how I lead my team.',
    },
  },
  {
    name: 'James W.',
    location: 'Manchester',
    quote: 'Before board presentations my chest would tighten. One message and I had a plan that actually worked.',
  },
  {
    name: 'Aisha K.',
    location: 'Birmingham',
    quote: 'It feels like a calm colleague in my pocket who never judges a 6am panic about the day ahead.',
    story: {
      role: 'Product Manager',
      focus: 'Self-doubt',
      text: 'Before big presentations my confidence would vanish. Two minutes with my coach and I remember what I actually know. I have not cancelled a pitch since.',
    },
  },
  {
    name: 'Tom R.',
    location: 'Bristol',
    quote: 'Hour-long sessions never fit around my shifts. Five minutes in the chat resets my whole day.',
    story: {
      role: 'Secondary school teacher',
      focus: 'Burnout',
      text: 'I was running on empty by October. The weekly summaries helped me see what was draining me, and the small step tasks gave me my evenings back.',
    },
  },
  {
    name: 'Fiona M.',
    location: 'Edinburgh',
    quote: 'I finally stopped answering emails at midnight. The gentle nudges helped me hold my boundaries.',
  },
  {
    name: 'Owen D.',
    location: 'Cardiff',
    quote: 'Leading my team through a restructure was draining me. Thinking out loud here made me a steadier manager.',
  },
  {
    name: 'Hannah L.',
    location: 'London',
    quote: 'I listen back on my commute and arrive at the office feeling ready instead of rattled.',
  },
  {
    name: 'Ciaran B.',
    location: 'Belfast',
    quote: 'I was sceptical, but the reframing questions got me into my promotion interview feeling like myself.',
  },
];
