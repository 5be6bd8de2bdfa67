import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CtaBand } from '@/features/marketing/components/cta-band';
import { PageHero } from '@/features/marketing/components/page-hero';
import { MarketingSection } from '@/features/marketing/components/section';
import { FeatureCard, PointGrid } from '@/features/marketing/components/story-blocks';
import { FOUNDER_FEATURES, SECURITY_POINTS, VC_FEATURES } from '@/features/marketing/content/product-story';

export default function FeaturesPage() {
  return (
    <>
      <title>Features · FitScore</title>
      <PageHero
        eyebrow="Features"
        title="Everything a round needs, on both sides"
        intro="Founders learn how investors will read their deck and what to change. Funds score and triage every inbound deal against their own thesis."
      >
        <Button asChild size="lg">
          <Link to={paths.signupAs('founder')}>I'm a Founder</Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.signupAs('vc')}>I'm a VC</Link>
        </Button>
      </PageHero>

      <MarketingSection
        id="founders"
        align="left"
        eyebrow="For founders"
        title="See your deck the way investors will"
        intro="A FitScore from 0 to 100, with the evidence behind every sub-score and a short list of what to do next."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FOUNDER_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection
        id="funds"
        tone="white"
        align="left"
        eyebrow="For venture funds"
        title="A pipeline that reads every deck for you"
        intro="Every channel in one place, scored with your weights, triaged by your team."
        className="border-y border-slate-200"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {VC_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </MarketingSection>

      <section aria-labelledby="security-title" className="bg-slate-900 py-16 sm:py-24">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-emerald-300 uppercase">Enterprise security</p>
            <h2 id="security-title" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Your deck is your business. We treat it that way.
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-300">
              Decks are used to score your company and for nothing else, and reach an investor only when you send them.
              Underneath, the basics are done properly on every request.
            </p>
          </div>
          <PointGrid points={SECURITY_POINTS} columns={4} tone="dark" className="mt-12" />
          <p className="mt-12 text-sm text-slate-300">
            Need API access, webhooks, single sign-on, white-label or a security review?{' '}
            <Link
              to={paths.contact}
              className="font-semibold text-white underline underline-offset-4 hover:text-emerald-200"
            >
              Talk to us about Enterprise
            </Link>
            .
          </p>
        </div>
      </section>

      <CtaBand title="Put FitScore to work on your next round." />
    </>
  );
}
