import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The closing call to action of a marketing page: sign up, plus an optional second action. */
export function CtaBand({
  title = 'Ready when your next round is.',
  text,
  secondary,
}: {
  title?: string;
  text?: ReactNode;
  secondary?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="py-12 sm:py-16">
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl bg-brand-900 px-6 py-14 text-center shadow-2xl sm:px-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10"
            style={{
              backgroundImage:
                'radial-gradient(40rem 20rem at 50% 120%, rgb(99 102 241 / 0.55), transparent 70%), radial-gradient(24rem 14rem at 0% 0%, rgb(52 211 153 / 0.18), transparent 70%)',
            }}
          />
          <h2
            id={headingId}
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
            {text ?? 'Founders start free with five scans a month. Funds start with a trial of 200 scored deals.'}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-brand-800 hover:bg-brand-50">
              <Link to={paths.signup}>
                Create free account
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            {secondary}
          </div>
        </div>
      </Container>
    </section>
  );
}
