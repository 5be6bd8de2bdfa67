import { useId, type ReactNode } from 'react';
import { Container } from '@/components/layout/page';
import { cn } from '@/lib/cn';

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'center' | 'left';
  className?: string;
}

/** A section's eyebrow, h2 and intro; the h2's id names the section for screen readers. */
export function SectionHeading({ id, eyebrow, title, intro, align = 'center', className }: SectionHeadingProps) {
  return (
    <div className={cn(align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl', className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{intro}</p> : null}
    </div>
  );
}

export interface MarketingSectionProps extends Omit<SectionHeadingProps, 'id'> {
  /** The anchor (#how-it-works); also prefixes the heading's id. */
  id?: string;
  tone?: 'plain' | 'muted' | 'white';
  children: ReactNode;
  headingClassName?: string;
}

const TONES = { plain: '', muted: 'bg-slate-100/70', white: 'bg-white' } as const;

/** A page section labelled by its own heading, clear of the sticky top bar when jumped to. */
export function MarketingSection({
  id,
  tone = 'plain',
  children,
  className,
  headingClassName,
  ...heading
}: MarketingSectionProps) {
  const generated = useId();
  const headingId = `${id ?? generated}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-16 py-16 sm:py-24', TONES[tone], className)}>
      <Container>
        <SectionHeading id={headingId} className={headingClassName} {...heading} />
        <div className="mt-12 sm:mt-16">{children}</div>
      </Container>
    </section>
  );
}
