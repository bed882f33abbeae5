import { Link } from '@/lib/app-navigation';
import { CrisisResources } from '@/components/crisis-resources';
import type { LegalSection } from '../components/legal-document';
import { LEGAL } from './legal-facts';

/** The fourteen sections of the terms and conditions (docs/product.md#public-site). */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms and conditions form an agreement between you and {LEGAL.company} (“we”, “us”, “our”) about your
          use of our website and our coaching service, including conversations with your coach in a messaging app
          (together, the “Service”).
        </p>
        <p>
          By creating an account or using the Service, you agree to these terms. Please read them carefully. If you do
          not agree, please do not use the Service. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we
          handle your personal data and forms part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Calm Space',
    content: (
      <>
        <p>
          You must be at least {LEGAL.minimumAge} years old to create an account or use the Service. By signing up, you
          confirm that you are {LEGAL.minimumAge} or over and that the information you give us is accurate.
        </p>
        <p>
          The Service is designed for adults living in the United Kingdom. If you use it from elsewhere, you are
          responsible for complying with your local laws.
        </p>
      </>
    ),
  },
  {
    id: 'not-medical-advice',
    title: 'What Calm Space is, and what it is not',
    content: (
      <>
        <p>
          Calm Space is a wellbeing coaching service. It offers practical techniques, reflection and encouragement to
          help you manage everyday stress, focus and confidence at work. Your messages are answered first by an AI coach
          (see “The AI coach” below), and our team oversees how it is used.
        </p>
        <p>
          <strong>Calm Space is not medical advice, therapy or a crisis service.</strong> Our coaches are not doctors,
          psychiatrists or psychologists, and nothing in the Service is a diagnosis or treatment. Always seek the advice
          of your GP or another qualified health professional about any mental or physical health condition, and do not
          stop or delay treatment because of something you read in the Service.
        </p>
        <p>
          We do not monitor conversations around the clock and cannot respond to emergencies. If you are in crisis or
          think you may harm yourself or someone else, please contact one of these services straight away:
        </p>
        <CrisisResources />
      </>
    ),
  },
  {
    id: 'ai-coach',
    title: 'The AI coach',
    content: (
      <>
        <p>
          The coach that answers your messages first is an artificial intelligence (AI), not a person: a language model,
          or a scripted coach written by our team when the model is not available. Its messages are labelled “AI coach”,
          and it tells you it is an AI when a conversation starts, every three hours you keep talking, and whenever you
          ask. It is not therapy, not medical advice and not an emergency service.
        </p>
        <p>
          Every message you send is checked for signs of risk before the AI answers. If a message looks like a crisis,
          the AI stops, you receive a fixed message written by our team with the crisis services above, and a person
          from our team is alerted. Only a person from our team returns the conversation to the AI.
        </p>
        <p>
          Coaches from our team can read your conversation, pause the AI and take over at any time. You can ask for a
          person whenever you like (“Talk to a person” beside the chat, or HELP on WhatsApp); a person replies, usually
          within one working day. What the AI receives, and how to see and delete what it remembers, is explained in our{' '}
          <Link to="/privacy-policy#ai-coach">Privacy Policy</Link> and on{' '}
          <Link to="/ai-coach">How the AI coach works</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    content: (
      <>
        <p>
          You need an account to use the coaching features. Please keep your password private and tell us at{' '}
          <a href={`mailto:${LEGAL.supportEmail}`}>{LEGAL.supportEmail}</a> straight away if you think someone else has
          used your account. You are responsible for activity on your account unless it happened because of our failure
          to keep the Service secure.
        </p>
        <p>
          Your coaching conversations happen in a third-party messaging app. Anyone with access to your phone or
          messaging account may be able to read them, so please protect your devices with a passcode.
        </p>
      </>
    ),
  },
  {
    id: 'private-beta',
    title: 'The private beta and free access',
    content: (
      <>
        <p>
          During the private beta, places are limited and the Service is free for founding members. Because it is a
          beta, features may change, and the Service may occasionally be unavailable while we improve it. We welcome
          your feedback, and we may use it to improve the Service without owing you anything for it.
        </p>
        <p>
          Founding members will be offered a lifetime discount on a paid plan when the beta ends. We will tell you in
          good time before the beta ends; you will never be moved onto a paid plan without choosing it.
        </p>
      </>
    ),
  },
  {
    id: 'plans-and-payment',
    title: 'Plans, prices and payment',
    content: (
      <>
        <p>
          Paid plans are billed monthly or yearly in advance, as shown on our <Link to="/pricing">pricing page</Link>{' '}
          when you subscribe. Prices are in pounds sterling and include VAT where it applies. Payments are taken by our
          card payment provider; we never see or store your full card number.
        </p>
        <p>
          Your subscription renews automatically at the end of each billing period until you cancel. We may change our
          prices, but we will give you at least {LEGAL.priceChangeNoticeDays} days’ notice by email before a new price
          applies to you. The new price takes effect from your next renewal after the notice period, and you may cancel
          before then if you do not wish to continue.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation-and-refunds',
    title: 'Cancellation and refunds',
    content: (
      <>
        <p>
          You can cancel a paid plan at any time from your subscription page. Your access continues until the end of the
          period you have paid for, and you will not be charged again.
        </p>
        <p>
          Under the Consumer Contracts Regulations you have 14 days from the start of a paid subscription to change your
          mind. If you cancel within that time we will refund you, less a fair amount for any coaching you have already
          used. Outside that period, payments are not refundable except where the law requires or where we have failed
          to provide the Service as described.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Using the Service responsibly',
    content: (
      <>
        <p>Please use the Service only for your own personal wellbeing. You agree not to:</p>
        <ul>
          <li>harass, threaten or abuse our coaches or team;</li>
          <li>share content that is unlawful, or that infringes anyone else’s rights;</li>
          <li>try to access accounts, systems or data that are not yours, or disrupt the Service;</li>
          <li>copy, resell or build a competing product from the Service or its content.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'messaging-apps',
    title: 'Messaging apps and other services',
    content: (
      <p>
        Coaching is delivered through a messaging app run by another company. Your use of that app is governed by its
        own terms and privacy policy, and we are not responsible for its availability or how it handles your data. Links
        to other websites are provided for convenience; we do not control their content.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our content',
    content: (
      <p>
        The Service, including its text, techniques, prompts, design and software, belongs to us or our licensors. You
        may use it for your own personal, non-commercial purposes while your account is open. Anything you write to us
        remains yours; you give us permission to use it to provide and improve the Service for you, as described in our
        Privacy Policy.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    content: (
      <>
        <p>
          We provide the Service with reasonable care and skill. If we fail to comply with these terms, we are
          responsible for loss or damage you suffer that is a foreseeable result of our failure, but not for loss that
          was not foreseeable, or for business losses, as the Service is for personal use.
        </p>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud,
          or for anything else that cannot be limited under the law of {LEGAL.jurisdiction}. Your statutory rights as a
          consumer are not affected.
        </p>
      </>
    ),
  },
  {
    id: 'ending-your-account',
    title: 'Suspending or ending your account',
    content: (
      <>
        <p>
          You can stop using the Service and ask us to delete your account at any time. We may suspend or close an
          account if it is used in breach of these terms, or to protect our coaches, other members or the Service. Where
          it is reasonable, we will tell you why and give you a chance to put things right first.
        </p>
        <p>
          If we decide to stop providing the Service altogether, we will give you reasonable notice and refund any
          payment for a period you have not received.
        </p>
      </>
    ),
  },
  {
    id: 'changes-law-contact',
    title: 'Changes, governing law and contact',
    content: (
      <>
        <p>
          We may update these terms from time to time, for example to reflect changes to the Service or the law. We will
          tell you about important changes by email or in the Service before they take effect. The date at the top of
          this page shows when they were last changed.
        </p>
        <p>
          These terms are governed by the law of {LEGAL.jurisdiction}, and the courts of {LEGAL.jurisdiction} have
          jurisdiction over any dispute. If you live in Scotland or Northern Ireland, you may also bring proceedings in
          your local courts.
        </p>
        <p>
          Questions about these terms? Email us at <a href={`mailto:${LEGAL.supportEmail}`}>{LEGAL.supportEmail}</a>. We
          aim to reply within two working days.
        </p>
      </>
    ),
  },
];
