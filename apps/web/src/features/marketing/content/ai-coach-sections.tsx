import type { ReactNode } from 'react';
import { AI_COACH_LABEL, COACH_ACKNOWLEDGEMENT } from '@app/shared';
import { CrisisResources } from '@/components/crisis-resources';
import { Link } from '@/lib/app-navigation';

interface AiCoachSection {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * "How the AI coach works" (/ai-coach, issue 26): what the AI coach is and is
 * not, how a crisis is handled, who stays in control, what the model receives,
 * how to reach a person and how to see or delete what it remembers. The terms
 * and the privacy policy say the same in their own sections; change them together.
 */
export const AI_COACH_SECTIONS: readonly AiCoachSection[] = [
  {
    id: 'what-it-is',
    title: 'What the AI coach is',
    content: (
      <>
        {/* One text node: a node starting mid-line would move when the web font arrives and rewraps the line. */}
        <p>
          {`When you write to your coach, an AI answers first: a computer program built on a language model, or a scripted coach our team wrote when the model is not available. It is not a person. Every message it writes is labelled “${AI_COACH_LABEL}”, and it tells you it is an AI when a conversation starts, every three hours you keep talking, and whenever you ask.`}
        </p>
        <p>
          It helps with work stress, wellbeing habits and confidence: it listens, offers today’s prompt or one small
          next step for your focus area, and helps you reflect. It politely declines anything else.
        </p>
      </>
    ),
  },
  {
    id: 'what-it-is-not',
    title: 'What it is not',
    content: (
      <>
        <p>
          <strong>The AI coach is not therapy and not medical advice.</strong> It does not diagnose, talk about
          medication or doses, or give diet or weight advice, and it never claims to be a person, a therapist or a
          clinician. Every reply is checked for these before it is sent; one that fails is replaced by a scripted reply.
        </p>
        <p>
          <strong>It is not an emergency service.</strong> People from our team do not watch conversations around the
          clock.
        </p>
      </>
    ),
  },
  {
    id: 'if-you-are-in-crisis',
    title: 'If you are in crisis',
    content: (
      <>
        <p>
          Every message you send is checked for signs that you or someone else may be at risk, before the AI answers and
          even when the AI is switched off. The check uses fixed rules written by our team, which work without the AI,
          and a second check by the model when one is available.
        </p>
        <p>
          If a message looks like a crisis, the AI stops answering in your conversation. You get a fixed message,
          written and reviewed by our team (never written by the AI), with the numbers below and a question: are you
          safe now? At the same time a person from our team is alerted. The AI stays off in your conversation until a
          person from the team has been in touch.
        </p>
        <CrisisResources />
      </>
    ),
  },
  {
    id: 'people-stay-in-charge',
    title: 'People stay in charge',
    content: (
      <p>
        Coaches from our team can read conversations, pause the AI and take over at any time. Once a coach replies to
        you, the AI stops answering in your conversation, so a person is never talked over. The team can also switch the
        AI off for everyone at once.
      </p>
    ),
  },
  {
    id: 'what-the-ai-receives',
    title: 'What the AI receives',
    content: (
      <>
        <p>To answer you, and only you, the model receives:</p>
        <ul>
          <li>your focus area and your coaching tone;</li>
          <li>today’s strategic prompt;</li>
          <li>your recent reflections and the ratings you gave prompts;</li>
          <li>a short summary of your conversation, and its most recent messages.</li>
        </ul>
        <p>
          Never anyone else’s data, and not your payment details or your password. Your messages are never sold, and
          they are not used to train AI models: the model provider processes them only to answer you, under a contract
          with us. See our <Link to="/privacy-policy#ai-coach">Privacy Policy</Link> for the details.
        </p>
      </>
    ),
  },
  {
    id: 'reaching-a-person',
    title: 'How to reach a person',
    content: (
      <>
        <p>
          An AI coach answers in seconds, any time; people from the team reply within a working day. Beside the chat you
          always see who answers your next message: “{COACH_ACKNOWLEDGEMENT.ai}” or “{COACH_ACKNOWLEDGEMENT.person}”
        </p>
        <p>
          To talk to a person instead of the AI, press <strong>Talk to a person</strong> beside the chat, or write{' '}
          <strong>HELP</strong> on WhatsApp. The AI then stops answering in your conversation and a person from the team
          replies.
        </p>
      </>
    ),
  },
  {
    id: 'what-it-remembers',
    title: 'What it remembers, and how to delete it',
    content: (
      <p>
        The AI coach keeps a short summary of your conversation and a few notes, so you do not have to repeat yourself.
        You can read them under <strong>What your coach remembers</strong> on your profile, and delete them with{' '}
        <strong>Forget all of this</strong>. Your messages stay in your conversation until you delete your account.
      </p>
    ),
  },
];
