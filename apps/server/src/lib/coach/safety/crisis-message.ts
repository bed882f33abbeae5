/**
 * The fixed texts of the safety net (issue 26, "Safety" 2). Never written by a
 * model: they are reviewed by the team in docs/crisis-messages.md, which says
 * who reviews them, when, and why each line is there. A test keeps this file
 * and the document identical, so change both together and record the review.
 *
 * Plain text for WhatsApp and the web chat alike: no markdown links, numbers
 * written out so a phone can dial them.
 */

/** Sent when a member's message screens high or imminent; the AI stops for the conversation and every admin is alerted. */
export const CRISIS_MESSAGE = `Thank you for telling me. I'm an AI coach, not a person and not an emergency service, so I want to make sure you can reach people who can help right now.

Are you safe right now?

If you are in immediate danger or have hurt yourself, call 999 or go to A&E.
Samaritans: call 116 123. Free, any time, day or night.
SHOUT: text SHOUT to 85258. Free, 24/7.
NHS 111: call 111 and choose option 2 for urgent mental health help.

I've alerted a person from the Calm Space team. They will read this conversation and reply here. Until they do, the AI coach will stay quiet.`;

/** Sent when a member says they are under 18: the service coaches adults only, and a person takes over. */
export const UNDER_18_MESSAGE = `Thank you for telling me. Calm Space can only coach adults (18 and over), so the AI coach will stop here. A person from our team will be in touch.

If you'd like to talk to someone now, Childline is free and confidential: call 0800 1111.
If you are in danger, call 999.`;

/** Sent when a member asks for a person ("HELP" on WhatsApp, "Talk to a person" on the web). */
export const HUMAN_HANDOVER_MESSAGE = `Thanks, a person from the Calm Space team will reply here. The AI coach is paused in this conversation.

If you are in danger right now, call 999.`;

/**
 * Sent to a member who writes again while their conversation is in crisis
 * (at most every half hour): the AI stays silent, but the member is not left
 * with nothing.
 */
export const CRISIS_FOLLOW_UP = `A person from our team has been alerted and will reply here. If you are in danger now, call 999. Samaritans are there any time on 116 123.`;

/** Sent for a voice note the AI cannot transcribe (no transcription model, or the file did not arrive). */
export const VOICE_NOTE_MESSAGE = `Thank you for your voice note. I'm Calm Space's AI coach and I can't listen to voice notes, so a person from our team will listen and reply here. If you are in danger now, call 999.`;
