import { Link } from '@/lib/app-navigation';
import type { LegalSection } from '../components/legal-document';
import { LEGAL } from './legal-facts';

const privacyMail = <a href={`mailto:${LEGAL.privacyEmail}`}>{LEGAL.privacyEmail}</a>;

/** The seventeen sections of the privacy policy (docs/product.md#public-site). */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        {LEGAL.company} (“we”, “us”, “our”) provides a wellbeing coaching service for professionals, delivered through
        our website and a messaging app. We are the controller of your personal data under the UK General Data
        Protection Regulation (UK GDPR) and the Data Protection Act 2018. You can reach us about anything in this policy
        at {privacyMail}.
      </p>
    ),
  },
  {
    id: 'scope',
    title: 'About this policy',
    content: (
      <p>
        This policy explains what personal data we collect when you visit our website, create an account or talk to your
        coach, why we collect it, how long we keep it and the rights you have. It should be read alongside our{' '}
        <Link to="/terms">Terms &amp; Conditions</Link>.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The information we collect',
    content: (
      <>
        <p>We collect only what we need to run the Service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and password (stored only in scrambled, hashed
            form).
          </li>
          <li>
            <strong>Preferences:</strong> your focus area, preferred coaching tone and chosen plan.
          </li>
          <li>
            <strong>Coaching content:</strong> the messages, voice notes and reflections you share with your coach, the
            notes our coaching team keeps about your coaching (they are in your data export, and we correct or delete a
            note you tell us is wrong), and the feedback you give us.
          </li>
          <li>
            <strong>Subscription records:</strong> your plan, payment dates and amounts. Card details are handled by our
            payment provider and never reach us.
          </li>
          <li>
            <strong>Technical information:</strong> your IP address, browser type and the pages you visit, used to keep
            the Service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'sensitive-information',
    title: 'Information about your wellbeing',
    content: (
      <p>
        What you tell your coach may reveal information about your mental health, which the law treats as special
        category data. We process it only with your explicit consent, which you give when you start a coaching
        conversation, and only to provide your coaching. You can withdraw your consent at any time by stopping the
        conversation and asking us to delete your data; this does not affect processing that took place before.
      </p>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use your information',
    content: (
      <ul>
        <li>to create and manage your account and sign you in securely;</li>
        <li>to deliver personalised coaching, check-ins, step tasks and weekly summaries;</li>
        <li>to take payments and keep financial records;</li>
        <li>to send you service messages, such as verification emails and notice of changes;</li>
        <li>to improve the Service, using feedback and anonymised or aggregated usage information;</li>
        <li>to keep the Service safe, prevent misuse and meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'lawful-bases',
    title: 'Our lawful bases',
    content: (
      <>
        <p>We rely on the following lawful bases under the UK GDPR:</p>
        <ul>
          <li>
            <strong>Contract:</strong> to provide the Service you signed up for.
          </li>
          <li>
            <strong>Explicit consent:</strong> for information about your wellbeing and for optional emails.
          </li>
          <li>
            <strong>Legitimate interests:</strong> to secure and improve the Service, where this does not override your
            rights.
          </li>
          <li>
            <strong>Legal obligation:</strong> to keep financial records and respond to lawful requests.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ai-coach',
    title: 'The AI coach',
    content: (
      <>
        <p>
          Your messages are answered first by an AI coach (see <Link to="/ai-coach">How the AI coach works</Link>). To
          answer you, and only you, the language model receives your focus area and coaching tone, the day’s strategic
          prompt, your recent reflections and the ratings you gave prompts, a short summary of your conversation and its
          most recent messages. It never receives anyone else’s data, your payment details or your password.
        </p>
        <p>
          The model is run by a service provider that processes this data only to answer you, on our instructions. We
          never sell it, and it is not used to train AI models. Every message is also checked for signs of risk; a
          message that looks like a crisis alerts a person from our team, who may read the conversation to help you.
        </p>
        <p>
          The AI coach remembers a short summary of your conversation and a few notes. You can read them under “What
          your coach remembers” on your profile and delete them at any time with “Forget all of this”; they are also
          deleted with your account.
        </p>
      </>
    ),
  },
  {
    id: 'ai-and-messaging',
    title: 'AI-assisted coaching and messaging apps',
    content: (
      <>
        <p>
          Coaching is personalised with the help of artificial intelligence, as described above. We use your messages
          and preferences only to generate your own coaching; we do not use them to train AI models, and no decision
          with legal or similarly significant effects is made about you by automated means alone.
        </p>
        <p>
          Conversations take place in a messaging app run by another company, which processes your messages under its
          own privacy policy. Please check that policy and protect your device and account.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share your information with',
    content: (
      <>
        <p>We never sell your personal data, and we never share your coaching content with your employer.</p>
        <p>
          We share data only with trusted service providers who help us run the Service — hosting, email delivery,
          payment processing, messaging and AI processing — under contracts that require them to keep it secure and use
          it only on our instructions. We may also disclose information where the law requires it, or where we believe
          someone’s life is at risk.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    content: (
      <p>
        Some of our providers may process data outside the UK. When they do, we make sure your data is protected by UK
        adequacy regulations or by approved safeguards such as the International Data Transfer Agreement or the UK
        Addendum to the EU standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep your information',
    content: (
      <ul>
        <li>
          <strong>Account and coaching data:</strong> kept for as long as your account is open, and deleted within{' '}
          {LEGAL.deletionGraceDays} days of your account being deleted.
        </li>
        <li>
          <strong>Financial records:</strong> kept for {LEGAL.financialRecordYears} years, as UK tax law requires.
        </li>
        <li>
          <strong>Security logs:</strong> kept for a short period, usually no more than 90 days, unless needed to
          investigate an incident.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect your information',
    content: (
      <p>
        We use encryption in transit, hashed passwords, access controls and regular reviews to protect your data, and
        only staff who need it can see it. If a personal data breach is likely to put your rights at risk, we will
        report it to the Information Commissioner’s Office within {LEGAL.breachNoticeHours} hours of becoming aware of
        it, and tell you without undue delay if the risk to you is high.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted;</li>
          <li>restrict or object to how we use your data;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw consent at any time.</li>
        </ul>
        <p>
          To use any of these rights, email {privacyMail}. We will respond within {LEGAL.rightsResponse} of receiving
          your request, and there is normally no charge. If a request is complex we may extend this by up to two further
          months, and we will tell you why.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <p>
        We use only what the Service needs to work: a secure session cookie that keeps you signed in, and small items in
        your browser’s storage that remember choices such as the plan you picked on our pricing page. We do not use
        advertising or third-party tracking cookies.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Our services are not intended for children under {LEGAL.childrenAge}, and we do not knowingly collect their
        personal data. Accounts are for adults only, as our <Link to="/terms">Terms &amp; Conditions</Link> explain. If
        you believe a child has given us their information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy as the Service or the law changes. We will tell you about significant changes by email
        or in the Service before they take effect, and the date at the top of this page always shows the latest version.
      </p>
    ),
  },
  {
    id: 'contact-and-complaints',
    title: 'Contact us and complaints',
    content: (
      <>
        <p>
          If you have a question or concern about your personal data, please email {privacyMail}. We will do our best to
          put things right.
        </p>
        <p>
          You also have the right to complain to the Information Commissioner’s Office (ICO), the UK’s data protection
          regulator, at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or by calling
          0303 123 1113.
        </p>
      </>
    ),
  },
];
