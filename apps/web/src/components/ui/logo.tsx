import { cn } from '@/lib/cn';

export function Logo({ className, inverted }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="h-7 w-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path d="M9 22V10h10M9 16h8" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none" />
        <circle cx="23" cy="21" r="3" fill="#34d399" />
      </svg>
      <span className={inverted ? 'text-white' : 'text-slate-900'}>FitScore</span>
    </span>
  );
}
