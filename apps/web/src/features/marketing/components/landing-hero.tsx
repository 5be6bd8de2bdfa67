import { ArrowRight, Briefcase, CirclePlay, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BrandBackdrop } from './brand-backdrop';
import { SampleFitScoreCard } from './sample-fit-score-card';

const FACTS = ['PDF, PPT or PPTX decks', 'Scored in seconds to a minute', 'Free plan for founders'];

/** The landing page's first screen: the promise to both sides and the ways in. */
export function LandingHero({ onWatchDemo, onSignIn }: { onWatchDemo: () => void; onSignIn: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <BrandBackdrop />
      <Container className="grid items-center gap-12 pt-14 pb-16 sm:pt-20 sm:pb-24 lg:grid-cols-12 lg:gap-10">
        <div className="lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-200">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
            For founders raising and the funds they pitch
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            <span className="block text-balance">Know your investor fit.</span>{' '}
            <span className="block bg-gradient-to-r from-brand-700 to-brand-500 bg-clip-text pb-1 text-transparent">
              Score every deal.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">
            Founders get a FitScore from 0 to 100 for their deck, with nine sub-scores and the three things to fix
            first. Funds score every inbound deck against their own thesis and triage the pipeline in one pass.
          </p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg">
              <Link to={paths.signup}>
                Get Started
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            <div className="grid grid-cols-2 gap-3 sm:flex">
              <Button asChild size="lg" variant="secondary" className="px-3 sm:px-6">
                <Link to={paths.signupAs('founder')}>
                  <Rocket className="h-4 w-4 text-brand-600" aria-hidden="true" />
                  I'm a Founder
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary" className="px-3 sm:px-6">
                <Link to={paths.signupAs('vc')}>
                  <Briefcase className="h-4 w-4 text-brand-600" aria-hidden="true" />
                  I'm a VC
                </Link>
              </Button>
            </div>
          </div>

          <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
            <Button variant="ghost" className="-ml-3 text-brand-700 hover:bg-brand-50" onClick={onWatchDemo}>
              <CirclePlay className="h-5 w-5" aria-hidden="true" />
              Watch demo
            </Button>
            <p className="text-slate-600">
              Already have an account?{' '}
              <Button variant="link" className="h-10 font-semibold" onClick={onSignIn}>
                Sign In
              </Button>
            </p>
          </div>

          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {FACTS.map((fact) => (
              <li key={fact} className="flex items-center gap-2">
                <span className="h-1.5 w-1.5 rounded-full bg-brand-500" aria-hidden="true" />
                {fact}
              </li>
            ))}
          </ul>
        </div>

        <div className="relative lg:col-span-5">
          <div
            aria-hidden="true"
            className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/60 via-white/0 to-emerald-100/60 blur-2xl"
          />
          <SampleFitScoreCard className="mx-auto max-w-md" />
        </div>
      </Container>
    </section>
  );
}
