import type { ReactNode } from 'react';
import { Container } from '@/components/layout/page';
import { cn } from '@/lib/cn';
import { BrandBackdrop } from './brand-backdrop';

/** The top of a marketing page: eyebrow, the page's h1 and an intro, on a soft brand wash. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow: string;
  title: ReactNode;
  intro: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('relative isolate overflow-hidden border-b border-slate-200 bg-white', className)}>
      <BrandBackdrop />
      <Container className="py-14 text-center sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-600">{intro}</p>
        {children ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div> : null}
      </Container>
    </div>
  );
}
