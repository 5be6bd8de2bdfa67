import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A drawn browser window around a mock-up, so it reads as a screen of the app. */
export function BrowserFrame({ url, children, className }: { url: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('overflow-hidden rounded-xl border border-slate-200 bg-slate-50', className)}>
      <div className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-3 py-2" aria-hidden="true">
        <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-red-300" />
        <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-amber-300" />
        <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-emerald-300" />
        <span className="ml-2 min-w-0 flex-1 truncate rounded-md bg-slate-100 px-2 py-0.5 text-[11px] text-slate-500">
          {url}
        </span>
      </div>
      {children}
    </div>
  );
}
