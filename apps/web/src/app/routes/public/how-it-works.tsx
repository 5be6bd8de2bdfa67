import { SUB_SCORE_KEYS, SUB_SCORE_LABELS } from '@fitscore/contracts';
import { Check } from 'lucide-react';
import { CtaBand } from '@/features/marketing/components/cta-band';
import { PageHero } from '@/features/marketing/components/page-hero';
import { MarketingSection } from '@/features/marketing/components/section';
import { PointGrid, StepList } from '@/features/marketing/components/story-blocks';
import { FOUNDER_BENEFITS, HOW_IT_WORKS_STEPS } from '@/features/marketing/content/product-story';

// The dimension names come from the shared vocabulary, so this page cannot drift from the engine.
const SCORED_DIMENSIONS = SUB_SCORE_KEYS.map((key) => SUB_SCORE_LABELS[key]);

export default function HowItWorksPage() {
  return (
    <>
      <title>How it Works · FitScore</title>
      <PageHero
        eyebrow="How it works"
        title="From pitch deck to investor matches"
        intro="Upload your deck, let FitScore read it the way an investor would, and get a score with the evidence and next steps behind it."
      />

      <MarketingSection
        eyebrow="Four steps"
        title="What happens to your deck"
        intro="Scoring takes seconds to a minute at most. Nothing is shared with an investor unless you choose to."
      >
        <StepList steps={HOW_IT_WORKS_STEPS} />
      </MarketingSection>

      <section aria-labelledby="dimensions-title" className="border-y border-slate-200 bg-white py-16 sm:py-20">
        <div className="mx-auto grid w-full max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">What is scored</p>
            <h2 id="dimensions-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Nine dimensions, one score
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-600">
              Each dimension is scored from 1 to 10 against benchmarks for your stage: what counts as strong traction at
              Pre-seed is not what counts at Series A. The FitScore from 0 to 100 combines them, and a confidence level
              says how much evidence your deck gave us.
            </p>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {SCORED_DIMENSIONS.map((dimension) => (
              <li
                key={dimension}
                className="flex items-center gap-2.5 rounded-xl bg-slate-50 px-4 py-3 text-sm font-medium text-slate-800 ring-1 ring-slate-200"
              >
                <Check className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
                {dimension}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <MarketingSection eyebrow="Why it helps" title="Three reasons founders score before they send">
        <PointGrid points={FOUNDER_BENEFITS} />
      </MarketingSection>

      <CtaBand title="See your FitScore today." />
    </>
  );
}
