/**
 * The scripted coach (decision 057): answers when no language model is
 * configured, and in its place when the model is slow, down, over budget or
 * its answer fails the check. Its answer to a message is in the shared package
 * (`scriptedReply`), since the demo's coach answers with it in the browser too;
 * the server's other fixed texts are here.
 */

export { scriptedReply } from '@app/shared';

/** When the member has reached today's or this minute's limit of AI replies: kind, and a person is offered. */
export function limitReachedReply(kind: 'minute' | 'day'): string {
  return kind === 'minute'
    ? 'I need a moment to catch up with your messages. I will answer shortly; if you would rather talk to a person, write HELP.'
    : 'We have reached the number of AI coach replies for today, so I will stop here until tomorrow. A person from our team can still read and answer your messages: write HELP if you would like that.';
}

/** To a WhatsApp number linked to no account: how to link it, once. */
export const LINK_ACCOUNT_NOTE =
  "Hello, this is Calm Space's AI coach (an AI, not a person). To get coaching here, open Calm Space, sign in, and use the WhatsApp button on your dashboard so we know it is you. A person from our team can also see your message.";
