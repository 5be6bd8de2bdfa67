import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { BrowserFrame } from '../browser-frame';
import { DashboardScreen, PipelineScreen, ProfileScreen, ScoringScreen, UploadScreen } from './demo-screens';

interface DemoStep {
  title: string;
  caption: string;
  url: string;
  Screen: ComponentType;
}

const STEPS: readonly DemoStep[] = [
  {
    title: 'Complete your company profile',
    caption: 'Stage, sector, round and key metrics: the context investors read your deck in.',
    url: 'fitscore.app/founder/profile',
    Screen: ProfileScreen,
  },
  {
    title: 'Upload your deck',
    caption: 'Drop in a PDF or PowerPoint file. Earlier versions are kept so you can compare.',
    url: 'fitscore.app/founder/upload',
    Screen: UploadScreen,
  },
  {
    title: 'Watch the scoring run',
    caption: 'Every slide is read and scored across nine dimensions, in seconds to a minute at most.',
    url: 'fitscore.app/founder/scoring',
    Screen: ScoringScreen,
  },
  {
    title: 'Read your FitScore dashboard',
    caption: 'Your score, confidence, sub-scores with the slides behind them, and a Top 3 Do-Next.',
    url: 'fitscore.app/founder/dashboard',
    Screen: DashboardScreen,
  },
  {
    title: 'Triage in the investor pipeline',
    caption: 'Funds see scored deals from every intake channel and sort them into Hot, Track or Cold.',
    url: 'fitscore.app/vc/pipeline',
    Screen: PipelineScreen,
  },
];

const clampStep = (i: number) => Math.min(STEPS.length - 1, Math.max(0, i));

function Slideshow() {
  const [index, setIndex] = useState(0);
  const step = STEPS[index] ?? STEPS[0]!;
  const position = `Step ${index + 1} of ${STEPS.length}`;
  const atStart = index === 0;
  const atEnd = index === STEPS.length - 1;
  const go = (next: number) => setIndex(clampStep(next));

  // Left and right arrows step through the slides while the walkthrough is open.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      setIndex((i) => clampStep(i + (event.key === 'ArrowRight' ? 1 : -1)));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-roledescription="carousel" aria-label="Product walkthrough">
      {/* Announces each change of step to screen readers; the visible text is below. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {`${position}: ${step.title}`}
      </p>
      <div role="group" aria-roledescription="slide" aria-label={`${position}: ${step.title}`}>
        <BrowserFrame url={step.url} className="h-[21rem] sm:h-[21.5rem]">
          <div className="h-[calc(100%-2.3rem)]" aria-hidden="true">
            <step.Screen />
          </div>
        </BrowserFrame>
        <div className="mt-5 min-h-[5.5rem]">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{position}</p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-1 text-sm text-slate-600">{step.caption}</p>
          {atEnd ? (
            <Button asChild size="sm" className="mt-3">
              <Link to={paths.signup}>Create free account</Link>
            </Button>
          ) : null}
        </div>
      </div>

      {/* Phones: dots on their own row above Previous / Next, so every target stays 40 px wide. */}
      <div className="mt-4 grid grid-cols-2 items-center gap-2 sm:flex sm:justify-between">
        <Button
          variant="secondary"
          aria-disabled={atStart}
          onClick={() => go(index - 1)}
          className="justify-self-start aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Button>
        <div
          className="order-first col-span-2 flex items-center justify-center sm:order-none"
          role="group"
          aria-label="Choose a step"
        >
          {STEPS.map((s, i) => (
            <button
              key={s.title}
              type="button"
              onClick={() => go(i)}
              aria-label={`Step ${i + 1}: ${s.title}`}
              aria-current={i === index ? 'step' : undefined}
              className="group flex h-10 w-10 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2 rounded-full transition-all',
                  i === index ? 'w-6 bg-brand-600' : 'w-2 bg-slate-400 group-hover:bg-slate-500',
                )}
              />
            </button>
          ))}
        </div>
        <Button
          aria-disabled={atEnd}
          onClick={() => go(index + 1)}
          className="justify-self-end aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}

/**
 * 'Watch demo': a five-step walkthrough of the real screens (profile, upload, scoring,
 * dashboard, pipeline) drawn in HTML and CSS. It restarts at step 1 each time it opens.
 */
export function DemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="See FitScore in five steps"
      description="A walkthrough of the product's screens, filled with example data."
      className="max-w-2xl"
    >
      <Slideshow />
    </Dialog>
  );
}
