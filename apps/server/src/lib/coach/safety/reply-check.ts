/**
 * The check every AI reply passes before it is sent (issue 26, "Safety" 3;
 * research 5.4 "output rail"). The coach stays on work stress, wellbeing
 * habits and confidence: a reply that diagnoses, talks medication, describes a
 * way to get hurt, gives dieting advice, claims to be a person or a clinician,
 * or does a general assistant's job fails, and the caller sends a scripted
 * reply instead. NEDA's "Tessa" (research section 0, fact 15) is the reason the
 * diet rule exists.
 *
 * Deterministic and cautious: a false fail costs one scripted reply; a false
 * pass can harm a member.
 */

export const MAX_AI_REPLY_CHARS = 1200;

export const REPLY_CHECK_REASONS = [
  'diagnosis',
  'medication',
  'harm_method',
  'diet_or_weight',
  'claims_human',
  'claims_clinician',
  'off_topic',
  'too_long',
] as const;
export type ReplyCheckReason = (typeof REPLY_CHECK_REASONS)[number];

export type ReplyCheck = { ok: true } | { ok: false; reasons: ReplyCheckReason[] };

const CONDITIONS =
  '(clinical depression|depression|a depressive disorder|depressive disorder|adhd|add|an anxiety disorder|anxiety disorder|generali[sz]ed anxiety( disorder)?|gad|ocd|ptsd|c ptsd|bipolar( disorder)?|bpd|borderline personality disorder|a personality disorder|autism|an eating disorder|eating disorder|anorexia|bulimia|panic disorder|a panic disorder|social anxiety disorder|insomnia disorder|schizophrenia|psychosis)';

/** Rules on the normalised reply (lower case, straight quotes, no apostrophes: "you're" → "youre"). */
const RULES: Record<Exclude<ReplyCheckReason, 'too_long'>, RegExp[]> = {
  diagnosis: [
    new RegExp(
      `\\byou(ve got| have| has| might have| may have| probably have| clearly have| likely have| seem to have| could have| are suffering from| suffer from| are showing (signs|symptoms) of| show (signs|symptoms) of) (a |an )?(mild |severe |major |moderate )?${CONDITIONS}\\b`,
    ),
    /\byou(re| are| might be| may be| could be| seem| sound| must be) (clinically |severely )?(depressed|bipolar|autistic|anorexic|bulimic|psychotic|manic)\b/,
    new RegExp(
      `\\byou(re| are)? (clearly |probably |definitely |obviously )?(showing|show|displaying|have) (the )?(signs|symptoms) of (a |an )?${CONDITIONS}\\b`,
    ),
    new RegExp(
      `\\b(this|that|it|what you describe|what youre describing) (sounds|looks|seems) like (a |an )?(classic |textbook )?${CONDITIONS}\\b`,
    ),
    new RegExp(
      `\\b(i would|id|i can) diagnose\\b|\\bmy diagnosis\\b|\\bdiagnos(is|e) (you|of)\\b|\\bclassic (signs|symptoms) of ${CONDITIONS}`,
    ),
  ],
  medication: [
    /\b(sertraline|fluoxetine|citalopram|escitalopram|paroxetine|prozac|zoloft|lexapro|xanax|alprazolam|diazepam|valium|lorazepam|propranolol|mirtazapine|venlafaxine|duloxetine|amitriptyline|lithium|quetiapine|olanzapine|aripiprazole|adderall|ritalin|methylphenidate|melatonin|zopiclone|zolpidem|pregabalin|gabapentin|codeine|co codamol|tramadol|ibuprofen|paracetamol|st johns wort|cbd oil)\b/,
    /\b(ssris?|snris?|antidepressants?|anti depressants?|benzodiazepines?|benzos|beta blockers?|sleeping pills|sleeping tablets|antipsychotics?|mood stabili[sz]ers?|stimulant medication)\b/,
    /\b\d+(\.\d+)? ?(mg|milligrams?|mcg|micrograms?)\b/,
    /\b(increase|decrease|reduce|raise|lower|double|halve|skip|stop|adjust|change|up) (your|the) (dose|dosage|medication|meds|tablets|pills)\b/,
    /\b(come|coming|get|getting) off (your|the) (medication|meds|tablets|pills)\b|\byour dose\b|\bdosage\b/,
  ],
  harm_method: [
    /\b(overdos(e|ing)|noose|ligature|hanging yourself|slit (your|my|their) wrists|lethal|fatal dose|carbon monoxide|bleach|antifreeze|suffocat\w*|razor blades?|train tracks)\b/,
    /\bhow (many|much) (pills|tablets|paracetamol)\b|\b(kill|hurt|harm|cut|burn) yourself (by|with|using)\b|\bways to (die|kill|hurt|harm)\b/,
    /\b(cut|cutting) (deeper|safely|vertically|along)\b|\bjump(ing)? (off|from) (a|the)\b/,
  ],
  diet_or_weight: [
    /\b(calories|calorie|kcal|dieting|diet plan|on a diet|crash diet|lose weight|losing weight|weight loss|lose (\d+|a few|some) (lb|lbs|pounds|kg|kilos|stone)|weigh yourself|bmi|body mass|intermittent fasting|fasting|skip(ping)? (a )?meals?|cut(ting)? (out )?carbs|low carb|keto|portion control|skinfold|calipers|slimming|fat burning)\b/,
    /\b\d+ ?(lb|lbs|pounds|kg) (a|per) week\b/,
  ],
  claims_human: [
    /\b(im|i am) (a |an )?(real|actual|living|human) (person|human|being|coach|woman|man)\b/,
    /\b(im|i am) (a )?human\b|\bas a (fellow )?human\b|\b(im|i am) not (an? )?(ai|bot|robot|chatbot|machine|computer|program|language model)\b/,
    /\bi(ve| have) (also )?(been through|felt|struggled with) (this|that|the same|the same thing|something similar) myself\b|\bwhen i was (your age|in your position)\b|\bmy (wife|husband|kids|children|partner|own manager) (and i|used to|once)\b/,
  ],
  claims_clinician: [
    /\bas (your|a) (therapist|doctor|psychologist|psychiatrist|counsellor|counselor|clinician|nurse|gp|psychotherapist)\b/,
    /\b(im|i am) (a |an |your )?(licensed |qualified |registered |trained |certified )?(therapist|doctor|psychologist|psychiatrist|counsellor|counselor|clinician|nurse|gp|psychotherapist|mental health professional|medical professional)\b/,
    /\bin my (clinical|medical|professional medical) (opinion|experience|judgement|judgment)\b|\bmy (clinical|medical) (opinion|assessment|advice)\b|\b(our|this) therapy session\b|\bi (can )?prescribe\b/,
  ],
  off_topic: [
    /\bhere(s| is| are) (the|your|a|an|some) (sql|code|script|query|queries|function|regex|python|javascript|typescript|java|bash|html|css|essay|poem|story|recipe|translation|homework|cover letter|spreadsheet formula|excel formula|summary of the article)\b/,
    /\b(select \S+( ?, ?\S+)* from|insert into|def \w+\(|function \w+\(|console\.log|#include|import \w+ from|public static void|<\/?(html|div|script)>|=vlookup|=sumif)/,
  ],
};

/** A fenced or indented code block in the raw text: the coach never writes code. */
const CODE_BLOCK = /```|^( {4}|\t)\S.*[;{}()]\s*$/m;

function normaliseReply(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201B`´]/g, "'")
    .replace(/'/g, '')
    .replace(/[-\u2010-\u2015]/g, ' ')
    .replace(/\s+/g, ' ');
}

export function checkReply(text: string): ReplyCheck {
  const reasons: ReplyCheckReason[] = [];
  const normalised = normaliseReply(text);
  for (const [reason, patterns] of Object.entries(RULES) as [ReplyCheckReason, RegExp[]][]) {
    if (patterns.some((pattern) => pattern.test(normalised))) reasons.push(reason);
  }
  if (CODE_BLOCK.test(text) && !reasons.includes('off_topic')) reasons.push('off_topic');
  if (text.length > MAX_AI_REPLY_CHARS) reasons.push('too_long');
  return reasons.length ? { ok: false, reasons } : { ok: true };
}
