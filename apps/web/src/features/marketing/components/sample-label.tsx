import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** The mark every block of example data carries, so no one mistakes it for a real result. */
export function SampleLabel({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <Badge tone="amber">
        <FlaskConical className="h-3 w-3" aria-hidden="true" />
        Sample
      </Badge>
      <span className="text-xs font-medium text-slate-500">Example data</span>
    </span>
  );
}
