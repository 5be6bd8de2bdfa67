import { ArrowRight, Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthModal, type AuthMode } from '@/features/auth/components/auth-modal';
import type { ContactSalesSource } from '@/features/marketing/api/contact-sales';
import { ContactSalesDialog } from '@/features/marketing/components/contact-sales-dialog';
import { CtaBand } from '@/features/marketing/components/cta-band';
import { DemoDialog } from '@/features/marketing/components/demo/demo-dialog';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { PricingGrid } from '@/features/marketing/components/pricing-grid';
import { SampleVcDashboard } from '@/features/marketing/components/sample-vc-dashboard';
import { MarketingSection, SectionHeading } from '@/features/marketing/components/section';
import { FeatureCard, PointGrid, StepList } from '@/features/marketing/components/story-blocks';
import {
  FOUNDER_FEATURES,
  HOW_IT_WORKS_STEPS,
  SECURITY_POINTS,
  VC_FEATURES,
} from '@/features/marketing/content/product-story';

const FUND_POINTS = [
  'Decks arrive from your apply form, forwarded email or webhook, already scored',
  'Your own weights per dimension, so a score means fit with your thesis',
  'Yes, Pass or Save in one click; Hot, Track or Cold with one key',
];

function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-10 items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-800"
    >
      {children}
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

/** The public landing page: both sides' promise, labelled samples, how it works, features, pricing. */
export default function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const [auth, setAuth] = useState<{ open: boolean; mode: AuthMode }>({ open: false, mode: 'signin' });
  const [sales, setSales] = useState<{ open: boolean; source: ContactSalesSource }>({ open: false, source: 'landing' });
  const openSales = (source: ContactSalesSource) => setSales({ open: true, source });

  return (
    <>
      <title>FitScore: investor-fit scoring for founders and funds</title>
      <LandingHero onWatchDemo={() => setDemoOpen(true)} onSignIn={() => setAuth({ open: true, mode: 'signin' })} />

      <section aria-labelledby="for-funds-title" className="border-y border-slate-200 bg-white py-16 sm:py-24">
        <Container>
          <div className="grid gap-10 lg:grid-cols-2 lg:items-end">
            <SectionHeading
              id="for-funds-title"
              align="left"
              eyebrow="For venture funds"
              title="Every inbound deck, scored before you open it"
              intro="One pipeline for every channel, ranked by fit with your thesis instead of by arrival time."
            />
            <div>
              <ul className="space-y-4">
                {FUND_POINTS.map((point) => (
                  <li key={point} className="flex gap-3 text-slate-700">
                    <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                      <Check className="h-3.5 w-3.5" aria-hidden="true" />
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
              <p className="mt-6">
                <MoreLink to={paths.signupAs('vc')}>Start a fund trial</MoreLink>
              </p>
            </div>
          </div>
          <SampleVcDashboard className="mt-12 sm:mt-16" />
        </Container>
      </section>

      <MarketingSection
        id="how-it-works"
        eyebrow="How it works"
        title="From deck to investor matches in four steps"
        intro="Upload once. Get a score you can act on, with the evidence behind every number."
      >
        <StepList steps={HOW_IT_WORKS_STEPS} />
        <p className="mt-12 text-center">
          <MoreLink to={paths.howItWorks}>See how scoring works</MoreLink>
        </p>
      </MarketingSection>

      <MarketingSection
        id="features"
        tone="white"
        eyebrow="Features"
        title="Built for both sides of the table"
        intro="Founders see their round the way investors will. Funds see every deal through their own thesis."
        className="border-y border-slate-200"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FOUNDER_FEATURES.filter((f) => f.highlight).map((feature) => (
            <FeatureCard key={feature.title} feature={feature} audience="Founders" />
          ))}
          {VC_FEATURES.filter((f) => f.highlight).map((feature) => (
            <FeatureCard key={feature.title} feature={feature} audience="Funds" />
          ))}
        </ul>
        <div className="mt-12 rounded-2xl bg-slate-900 p-8 sm:p-10">
          <p className="text-sm font-semibold tracking-wide text-emerald-300 uppercase">Security by default</p>
          <PointGrid points={SECURITY_POINTS} columns={4} tone="dark" className="mt-6" />
        </div>
        <p className="mt-10 text-center">
          <MoreLink to={paths.features}>Explore all features</MoreLink>
        </p>
      </MarketingSection>

      <MarketingSection
        id="pricing"
        eyebrow="Pricing"
        title="Start free. Upgrade when it pays for itself."
        intro="Simple monthly plans for founders and funds, and custom terms for platforms."
      >
        <PricingGrid onContactSales={() => openSales('enterprise')} />
        <p className="mt-10 text-center">
          <MoreLink to={paths.pricing}>Compare plans and read the FAQ</MoreLink>
        </p>
      </MarketingSection>

      <CtaBand
        secondary={
          <Button
            size="lg"
            variant="secondary"
            className="bg-white/10 text-white ring-white/30 hover:bg-white/20"
            onClick={() => openSales('landing')}
          >
            Talk to sales
          </Button>
        }
      />

      <DemoDialog open={demoOpen} onOpenChange={setDemoOpen} />
      <ContactSalesDialog
        open={sales.open}
        source={sales.source}
        onOpenChange={(open) => setSales((s) => ({ ...s, open }))}
      />
      <AuthModal
        open={auth.open}
        mode={auth.mode}
        onOpenChange={(open) => setAuth((a) => ({ ...a, open }))}
        onModeChange={(mode) => setAuth({ open: true, mode })}
      />
    </>
  );
}
