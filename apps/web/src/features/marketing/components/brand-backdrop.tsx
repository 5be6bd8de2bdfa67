import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';

// Drawn with CSS gradients (no images): a soft indigo glow over a faint grid that fades out.
const GLOW: CSSProperties = {
  backgroundImage:
    'radial-gradient(52rem 26rem at 50% -6rem, var(--color-brand-100), transparent 70%), radial-gradient(30rem 18rem at 90% 10%, rgb(209 250 229 / 0.55), transparent 70%)',
};
const GRID: CSSProperties = {
  backgroundImage:
    'linear-gradient(to right, rgb(15 23 42 / 0.05) 1px, transparent 1px), linear-gradient(to bottom, rgb(15 23 42 / 0.05) 1px, transparent 1px)',
  backgroundSize: '44px 44px',
  maskImage: 'radial-gradient(ellipse 70% 60% at 50% 0%, #000 40%, transparent 100%)',
  WebkitMaskImage: 'radial-gradient(ellipse 70% 60% at 50% 0%, #000 40%, transparent 100%)',
};

/** The decorative wash behind heroes; purely visual. */
export function BrandBackdrop({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('pointer-events-none absolute inset-0 -z-10', className)}>
      <div className="absolute inset-0" style={GLOW} />
      <div className="absolute inset-0" style={GRID} />
    </div>
  );
}
