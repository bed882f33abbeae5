import type { RiskCategory, RiskLevel } from '@app/shared';

/**
 * The deterministic risk rules (decision 057, research sections 5.4 and 6).
 * Each rule reads one clause of a normalised message (see normalise.ts:
 * lower case, no apostrophes, "i am" → "im", "i have" → "ive", "i would" → "id").
 *
 * Rules are phrases, not single words: research 6.2 shows single keywords
 * ("die", "kill") flag mostly harmless text (14 % precision on tweets), and a
 * work-stress product is full of "this deadline is killing me". So a rule names
 * the act and whom it is about ("kill myself", "better off without me").
 *
 * `about` says whose risk the words describe:
 * - `member`: the words name the member ("myself", "me", "im").
 * - `other`: the words name someone else ("herself", "he wants to die"): a
 *   third-party worry, screened `concern` whatever the rule's level.
 * - `subject`: decided by the nearest person named before the match in the
 *   clause ("I want to die" vs "my colleague said she wants to die").
 */
export interface RiskRule {
  /** Logged with the screening, so an auditor can see why a message was flagged. */
  name: string;
  level: RiskLevel;
  category: RiskCategory;
  pattern: RegExp;
  about: 'member' | 'other' | 'subject';
}

const rule = (
  name: string,
  level: RiskLevel,
  category: RiskCategory,
  about: RiskRule['about'],
  pattern: RegExp,
): RiskRule => ({ name, level, category, about, pattern });

const PILLS = '(pills|tablets|paracetamol|painkillers|meds|medication|sleeping pills)';
const OTHER_REFLEXIVE = '(himself|herself|themselves|themself)';
const OTHER_OBJECT = '(him|her|them)';
const PARTNER =
  '(partner|husband|wife|boyfriend|girlfriend|ex|dad|father|mum|mom|mother|stepdad|stepmum|brother|he|she)';

/** Suicide, said plainly. */
const SUICIDE: RiskRule[] = [
  rule('kill_myself', 'high', 'suicide', 'member', /\b(kill|killing|killed|kills) myself\b/),
  rule('suicide_word', 'high', 'suicide', 'subject', /\b(suicidal|suicide)\b/),
  rule(
    'want_to_die',
    'high',
    'suicide',
    'subject',
    /\b(want|wants|wanted|wanting) to (die|be dead)\b(?! on (this|that|the) hill)/,
  ),
  rule('end_my_life', 'high', 'suicide', 'member', /\b(end|ending|take|taking) my (own )?life\b/),
  rule('wish_i_was_dead', 'high', 'suicide', 'member', /\bwish (i was|i were|im|id be|i could be) dead\b/),
  rule(
    'method_on_myself',
    'high',
    'suicide',
    'member',
    /\b(hang|hanging|drown|drowning|shoot|shooting|poison|poisoning) myself\b/,
  ),
  rule(
    'jump_from_height',
    'high',
    'suicide',
    'subject',
    /\b(jump|jumping|step|stepping|walk|walking|throw myself|throwing myself) (off|from|in front of|out in front of) [a-z ]{0,20}?\b(bridge|roof|building|cliff|balcony|train|bus|lorry|tower|window|car park)\b/,
  ),
  rule('overdose', 'high', 'suicide', 'subject', /\boverdose\b/),
  rule(
    'method_seeking',
    'high',
    'suicide',
    'member',
    new RegExp(
      `\\bhow (many|much) ${PILLS} (would|does it|will|to|do|is|are)\\b|\\b(painless|quickest|easiest|best|quick) way to (die|kill myself|end it)\\b`,
    ),
  ),
  rule('cant_keep_living', 'high', 'suicide', 'member', /\bcant keep (living|existing|going on)\b(?! (on|off|with)\b)/),
  rule('not_be_alive', 'high', 'suicide', 'subject', /\bwants? to not be (alive|here|around)\b/),
  rule(
    'crash_on_purpose',
    'high',
    'suicide',
    'member',
    /\b(thought about|thinking about|thinking of|want to|tempted to|urge to) (crash|crashing) (my|the) car\b/,
  ),
  rule(
    'giving_things_away',
    'high',
    'suicide',
    'member',
    /\bgiving (my|all my) (things|stuff|belongings|possessions) away\b|\bgiving away (my|all my) (things|stuff|belongings|possessions)\b/,
  ),
  rule(
    'height_of_bridge',
    'high',
    'suicide',
    'member',
    /\bhow (high|tall) (the|a|that|this) (bridge|building|cliff|car park|multi storey)\b/,
  ),
  rule('end_it_all', 'high', 'suicide', 'subject', /\bend(ing)? it all\b/),
  rule(
    'end_it',
    'high',
    'suicide',
    'subject',
    /\b(want to|going to|just want to|thinking about|thinking of|planning to|ready to) end(ing)? (it|things)\b(?! (with|for|early|there|here|now|on (a|that|this) (high|good|positive)))/,
  ),
  rule('ending_things', 'high', 'suicide', 'subject', /\bending things\b(?! (with|for|off))/),
  rule('ways_to_die', 'high', 'suicide', 'member', /\b(ways|methods|how) to (die|kill myself|end my life)\b/),
  rule('this_is_goodbye', 'high', 'suicide', 'member', /\bthis is (goodbye|my last message)\b/),
  rule(
    'going_to_jump',
    'high',
    'suicide',
    'member',
    /\b(going to|about to|want to) jump\b(?! (on|in|into|at|ship|the|through|onto|off (a|the|this) call))/,
  ),
];

/** Self-harm, said plainly. */
const SELF_HARM: RiskRule[] = [
  rule(
    'hurt_myself',
    'high',
    'self_harm',
    'member',
    /\b(hurt|hurting|harm|harming|cut|cutting|burn|burned|burnt|burning|hit|hitting|punch|punching|scratch|scratching|starve|starving|injure|injuring) myself\b(?! (out|off|some|a bit of|more|slack|free|loose|short)\b)/,
  ),
  rule('self_harm_word', 'high', 'self_harm', 'subject', /\bself harm(ing|ed|s)?\b/),
  rule('do_something_to_myself', 'high', 'self_harm', 'member', /\bdo something to myself\b/),
  rule(
    'urge_to_self_harm',
    'high',
    'self_harm',
    'member',
    /\b(urge|urges|tempted|itching) to (cut|self harm|burn|hurt)\b/,
  ),
];

/** Indirect risk: passive wishes not to exist, burden, no point going on (research 6.1: hopelessness, burdensomeness). */
const INDIRECT: RiskRule[] = [
  rule('better_off_without_me', 'high', 'suicide', 'member', /\bbetter (off )?without me\b/),
  rule('better_off_dead', 'high', 'suicide', 'subject', /\b(better off|rather be) dead\b/),
  rule(
    'no_point_going_on',
    'high',
    'suicide',
    'subject',
    /\b(dont|cant|doesnt) see (the|any) point (in|of) (going on|living|life|being alive|being here|carrying on|anything)\b|\bno point (in )?(going on|living|being alive|being here|carrying on)\b|\bwhat(s| is) the point (of|in) (me )?(even )?(living|life|going on|being alive|being here|existing)\b/,
  ),
  rule(
    'not_want_to_exist',
    'high',
    'suicide',
    'subject',
    /\b(dont|doesnt) want to (be here|be around|exist|live|be alive|wake up|go on|carry on)\b(?! (at|in|with|for|on|to|this|that|the|a|my|until|till|if)\b)/,
  ),
  rule(
    'unsure_about_living',
    'high',
    'suicide',
    'member',
    /\b(not sure|dont think) (i|if i) (want to|can) (be alive|live|go on|be here|be around|keep going|exist)\b/,
  ),
  rule(
    'not_exist',
    'high',
    'suicide',
    'member',
    /\b(want to|wish i could|like to|need to)( just)? (stop existing|not exist|cease to exist)\b|\bwish i didnt exist\b/,
  ),
  rule(
    'no_way_out',
    'high',
    'suicide',
    'member',
    /\bcant see (a|any) way (out|forward)( at all| anymore| any more)?$|\bno way out\b$/,
  ),
  rule(
    'sleep_and_not_wake',
    'high',
    'suicide',
    'member',
    /\b(sleep|asleep) and (not|never) wake up\b|\bwish i (didnt|wouldnt|could not|would not|did not) wake up\b|\bsleep forever\b/,
  ),
  rule(
    'nobody_would_miss_me',
    'high',
    'suicide',
    'member',
    /\b(nobody|no one|noone) would (even )?(notice|care|miss me)\b.*\b(gone|wasnt here|wasnt around|werent here|werent around|died|dead)\b|\b(nobody|no one|noone) would (even )?miss me\b/,
  ),
  rule(
    'easier_if_i_was_gone',
    'high',
    'suicide',
    'member',
    /\b(easier|better|happier) (for everyone |for them |for my family )?if i (just )?(wasnt|werent|was not) (here|around|alive)\b/,
  ),
  rule(
    'thinking_of_not_being_here',
    'high',
    'suicide',
    'member',
    /\bthinking (about|of) not being (here|alive|around)\b/,
  ),
  rule(
    'tired_of_life',
    'high',
    'suicide',
    'subject',
    /\b(tired|sick) of (being alive|living|life)\b|\bdone with (life|living)\b|\bdone with everything$/,
  ),
  rule(
    'life_not_worth_living',
    'high',
    'suicide',
    'subject',
    /\blife (isnt|aint) worth (living|it)\b|\bnot worth living\b/,
  ),
  rule('no_reason_to_live', 'high', 'suicide', 'subject', /\bno reason (to live|to go on|to be here|to keep going)\b/),
  rule('want_it_all_to_end', 'high', 'suicide', 'member', /\bwant (it all|everything|my life) to (end|stop|be over)\b/),
  rule(
    'not_around_much_longer',
    'high',
    'suicide',
    'member',
    /\b(wont|will not) be (around|here) (much longer|for much longer|for long)\b/,
  ),
  rule('disappear_forever', 'high', 'suicide', 'subject', /\b(disappear|vanish) (forever|for good|permanently)\b/),
  rule(
    'cant_go_on',
    'high',
    'suicide',
    'member',
    /\bcant go on( anymore| any more)?\b(?! (like|with|at|in|doing|working)\b)/,
  ),
  rule('never_been_born', 'high', 'suicide', 'member', /\bwish (id|i had|i was|i were|i) never (been )?born\b/),
  rule('burden', 'concern', 'suicide', 'member', /\b(im|feel like|being) (a|such a|just a) burden\b/),
];

/** Plan, means, an act already done: someone may die soon (research 6.2: method words beat "suicide"). */
const IMMINENT: RiskRule[] = [
  rule(
    'pills_saved',
    'imminent',
    'suicide',
    'subject',
    new RegExp(
      `\\b(saved|saving|stockpiled|stockpiling|hoarded|hoarding|collected|collecting) (up )?(enough |all my |a load of |loads of |some )?${PILLS}\\b`,
    ),
  ),
  rule(
    'pills_ready',
    'imminent',
    'suicide',
    'subject',
    new RegExp(
      `\\b${PILLS} (ready|lined up|in front of me|saved|saved up|stored up|stashed|hidden away|put aside|set aside)\\b|\\benough ${PILLS} to\\b`,
    ),
  ),
  rule(
    'goodbye_letters',
    'imminent',
    'suicide',
    'subject',
    /\b(goodbye|suicide) (letters?|notes?|messages?)\b|\bsaid my goodbyes\b/,
  ),
  rule(
    'overdose_taken',
    'imminent',
    'suicide',
    'subject',
    new RegExp(
      `\\b(taken|took|swallowed) (an overdose|a load of ${PILLS}|all (my|the) ${PILLS}|(\\d{2,}|loads of|lots of|a lot of|too many|a handful of) ${PILLS})\\b`,
    ),
  ),
  rule(
    'take_them_all',
    'imminent',
    'suicide',
    'member',
    new RegExp(
      `\\b${PILLS}\\b.*\\b(take|swallow|taking|swallowing) (them all|all of them|the lot|the whole (box|packet|bottle))\\b`,
    ),
  ),
  rule('rope', 'imminent', 'suicide', 'subject', /\b(bought|got|have|ordered|tied) (a |the )?(rope|noose)\b/),
  rule(
    'at_the_edge',
    'imminent',
    'suicide',
    'member',
    /\b(standing|sitting|stood) (on|at) (the |a )?(edge of |top of )?(the |a )?(bridge|roof|ledge|cliff|railway|tracks)\b(?! (terrace|garden|bar))/,
  ),
  rule(
    'jump_from_here',
    'imminent',
    'suicide',
    'member',
    /\b(bridge|roof|ledge|cliff|balcony|tracks|platform)\b.*\b(going to|about to|want to|ready to) jump\b|\b(going to|about to|ready to) jump (off|from) (here|this|the)\b/,
  ),
  rule(
    'has_a_plan',
    'imminent',
    'suicide',
    'member',
    /\b(ive|ive got|ive made|i made) a plan (to|for) (kill|end|die|hurt|take)\b/,
  ),
  rule(
    'knows_how',
    'imminent',
    'suicide',
    'member',
    /\b(know|worked out|figured out|decided) (exactly )?how (id|im going to|ill|to) (do it|kill|end)\b/,
  ),
  rule('bleeding', 'imminent', 'self_harm', 'member', /\b(wont|cant|doesnt|will not) stop bleeding\b/),
];

/** Intent to harm someone else. */
const HARM_TO_OTHERS: RiskRule[] = [
  rule(
    'intent_to_harm',
    'high',
    'harm_to_others',
    'member',
    /\b(going to|want to|will|ill|planning to|about to|plan to) (hurt|harm|stab|kill|shoot|attack|beat up|punch|strangle|murder) (him|her|them|someone|somebody|people|everyone|anyone|my (manager|boss|colleague|colleagues|partner|husband|wife|ex|team|coworker))\b/,
  ),
  rule(
    'urge_to_harm',
    'high',
    'harm_to_others',
    'member',
    /\b(feel like|tempted to|urge to|urges to) (hurting|hurt|harming|harm|attacking|attack|hitting|hit|stabbing) (someone|somebody|people|him|her|them|my (manager|boss|colleague|partner))\b/,
  ),
  rule(
    'weapon_to_work',
    'high',
    'harm_to_others',
    'member',
    /\b(bring|bringing|take|taking|brought) (a |my )?(knife|gun|weapon|blade|machete) (to|into) (work|the office|school|the meeting)\b/,
  ),
];

/** The member being hurt, threatened or abused by someone. */
const ABUSE: RiskRule[] = [
  rule(
    'hurt_by_someone',
    'high',
    'abuse',
    'member',
    new RegExp(
      `\\b${PARTNER} (used to |still |keeps |has |has been )?(hits|hit|hurts|hurt|beats|beat|beating|hitting|punches|punched|kicks|kicked|chokes|choked|strangles|strangled|slaps|slapped|rapes|raped|assaulted|attacks|attacked) me\\b(?! (up|with|to|at|in|off|out|on)\\b)`,
    ),
  ),
  rule(
    'pushed_by_someone',
    'high',
    'abuse',
    'member',
    new RegExp(`\\b${PARTNER} (pushed|shoved|threw|dragged) me (down|into|against|across|out|to the)\\b`),
  ),
  rule(
    'threatened',
    'high',
    'abuse',
    'member',
    /\b(threatened|threatens|threatening) to (kill|hurt|harm|hit|beat) me\b/,
  ),
  rule(
    'being_abused',
    'high',
    'abuse',
    'subject',
    /\b(being|been|getting|got) (abused|beaten up|assaulted|raped)\b|\b(being|been|getting) beaten\b(?! (by|to|at|in)\b)/,
  ),
  rule('abusing_me', 'high', 'abuse', 'member', /\b(abusing|abuses|abused) me\b/),
  rule('domestic_abuse', 'high', 'abuse', 'subject', /\bdomestic (abuse|violence)\b/),
  rule(
    'afraid_at_home',
    'high',
    'abuse',
    'member',
    new RegExp(`\\b(scared|afraid|frightened|terrified) (to go home|of my ${PARTNER})\\b`),
  ),
  rule(
    'hurt_by_someone_other',
    'high',
    'abuse',
    'other',
    new RegExp(
      `\\b${PARTNER} (hits|hit|hurts|beats|beat|punches|kicks|chokes|slaps|rapes|raped|abuses|abused) ${OTHER_OBJECT}\\b`,
    ),
  ),
];

/** Someone else at risk: a worry to pass to a coach, not a crisis for the member. */
const THIRD_PARTY: RiskRule[] = [
  rule(
    'kill_themselves',
    'high',
    'suicide',
    'other',
    new RegExp(`\\b(kill|killing|killed|kills) ${OTHER_REFLEXIVE}\\b`),
  ),
  rule(
    'hurt_themselves',
    'high',
    'self_harm',
    'other',
    new RegExp(`\\b(hurt|hurting|harm|harming|cut|cutting|burn|burning|starve|starving) ${OTHER_REFLEXIVE}\\b`),
  ),
  rule('end_their_life', 'high', 'suicide', 'other', /\b(end|ending|take|taking|took) (his|her|their) (own )?life\b/),
  rule('better_off_without_them', 'high', 'suicide', 'other', new RegExp(`\\bbetter off without ${OTHER_OBJECT}\\b`)),
  rule('wishes_they_were_dead', 'high', 'suicide', 'other', /\bwish(es)? (he|she|they) (was|were) dead\b/),
];

export const RISK_RULES: readonly RiskRule[] = [
  ...SUICIDE,
  ...SELF_HARM,
  ...INDIRECT,
  ...IMMINENT,
  ...HARM_TO_OTHERS,
  ...ABUSE,
  ...THIRD_PARTY,
];

/**
 * Phrases that use risk words harmlessly, removed from a clause before the
 * rules read it. The rules are already specific; this list guards the common
 * work idioms and neutral mentions ("suicide prevention training").
 */
export const HARMLESS_PHRASES: readonly RegExp[] = [
  /\b(is|are|was|were|its|thats|been|keeps|keep)( literally| absolutely| honestly| slowly| just)? killing (me|us|the \w+|my \w+)\b/g,
  /\b(could )?(murder|kill) (a|for a|for) \w+/g,
  /\b(dying|die) (to|for)\b/g,
  /\b(bored|scared|worried|sick|worked|stressed|frightened) to death\b/g,
  /\b(nearly|almost) (died|killed me)\b/g,
  /\bdie (of|from) (embarrassment|shame|boredom|laughing|cringe)\b/g,
  /\bsuicide (prevention|awareness|training|helpline|hotline|rates?|statistics|mission|squad|run)\b/g,
  /\b(career|political|social|commercial|professional) suicide\b/g,
  /\b(killed|killing|kill) myself (laughing|with laughter)\b/g,
  /\b(shoot|shot|shooting) myself in the foot\b/g,
  /\bdrown(ing|ed)? myself in (?!the )\w+/g,
];

/**
 * Words that mean "not" before a risk phrase in the same clause ("I would never
 * hurt myself"), including a reported question ("my GP asked if I'd thought
 * about suicide").
 */
export const NEGATION =
  /\b(never|not|no|dont|wont|wouldnt|didnt|havent|hasnt|isnt|arent|nothing|without|cant|asked if|asked whether|asked me if)\b/;

/**
 * Words that undo a negation: "I can't promise I won't hurt myself" is a risk,
 * not a reassurance, and so is "I'm not sure I won't".
 */
export const UNDERCUT =
  /\b(cant|wont|couldnt) (promise|guarantee|say)\b|\bnot sure\b|\bdont know (if|whether)\b|\bdont trust myself\b|\bmight\b|\bmaybe\b/;

/**
 * The member's own self-harm told as a thing of the past and over ("I used to
 * self-harm", "I cut myself as a teenager", "I stopped self-harming years
 * ago"): a person should know (`concern`), but it is not a crisis. Only the
 * self-harm rules are read this way: a past suicide attempt stays high.
 */
export const PAST_SELF_HARM =
  /\b(used to|as a (teenager|teen|kid|child|student)|when i was (younger|little|a (teenager|teen|kid|child|student)|at (school|uni|university|college)|in my teens|\d+)|in my (teens|twenties|early twenties|youth)|(years|a long time|ages|a while) ago|in the past|back (then|in (school|uni|the day))|(stopped|quit|gave up|recovered from|recovering from|in recovery from|clean from|free of) (self harm|cutting|hurting myself|harming myself|burning myself))\b/;

/**
 * Words that bring past self-harm back to now, anywhere in the message: then
 * the self-harm rules keep their own level ("I've started self-harming again",
 * "I used to cut myself and the urges are back", "I stopped, but I did it last night").
 */
export const SELF_HARM_NOW =
  /\b(again|relapse|relapsed|relapsing|started|starting|back to|are back|is back|came back|come back|coming back|returned|urge|urges|tempted|lately|recently|these days|nowadays|last night|this (week|morning|evening|month)|yesterday|today|tonight|right now|still|cant stop|want to|thinking (about|of)|every day|most days)\b/;

/** How many words before a match a negation can reach. */
export const NEGATION_REACH = 5;

/** A plan in time: together with a plain suicide, self-harm or harm rule, the level becomes imminent. */
export const TIMEFRAME =
  /\b(tonight|tomorrow|this weekend|this evening|later today|after work|today|right now|in an hour|(by|on|this|next) (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|by the weekend|before (morning|the weekend)|ive decided|made up my mind|made my decision)\b/;

/** Who the member names before a risk phrase: themselves, or someone else. */
export const FIRST_PERSON = new Set(['i', 'im', 'ive', 'id', 'ill', 'me', 'myself', 'my']);
export const THIRD_PERSON = new Set([
  'he',
  'she',
  'they',
  'hes',
  'shes',
  'theyre',
  'theyve',
  'theyd',
  'hed',
  'him',
  'her',
  'them',
  'his',
  'their',
  'someone',
  'somebody',
  'colleague',
  'colleagues',
  'coworker',
  'coworkers',
  'friend',
  'friends',
  'manager',
  'managers',
  'boss',
  'sister',
  'sisters',
  'brother',
  'brothers',
  'mum',
  'mom',
  'mums',
  'dad',
  'dads',
  'mother',
  'father',
  'partner',
  'partners',
  'husband',
  'husbands',
  'wife',
  'wifes',
  'son',
  'sons',
  'daughter',
  'daughters',
  'flatmate',
  'housemate',
  'boyfriend',
  'girlfriend',
  'cousin',
  'uncle',
  'aunt',
  'member',
  'starter',
  'employee',
  'report',
  'teammate',
  'kid',
  'child',
  'student',
  'client',
]);
