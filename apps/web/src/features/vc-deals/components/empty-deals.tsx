import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A deal list with nothing to show: the spec's empty text and a line on what to do next. */
export function EmptyDeals({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
      <span className="mb-4 rounded-2xl bg-slate-100 p-3 text-slate-500" aria-hidden="true">
        <Icon className="h-7 w-7" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-2 max-w-md text-sm text-slate-600">{children}</div> : null}
    </Card>
  );
}
