import { PageIntro } from '@/features/marketing/components/page-intro';

export default function AboutPage() {
  return (
    <PageIntro eyebrow="About" title="About Calm Space">
      <p>
        We built Calm Space for professionals who carry a lot: a private place to pause, recalibrate and reconnect with
        your strength, right where you already message.
      </p>
    </PageIntro>
  );
}
