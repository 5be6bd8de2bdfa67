import { matchLabel, type FitScoreView } from '@fitscore/contracts';
import { ShieldCheck } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { ScoreRing } from './score-ring';
import { scoreClasses } from './tones';

const CONFIDENCE_TONE: Record<'High' | 'Medium' | 'Low', BadgeTone> = { High: 'green', Medium: 'amber', Low: 'red' };

/** Score ring, match label (the founder's bands), confidence, where the score came from, and that each fund weighs it its own way. */
export function ScoreSummary({ result, className }: { result: FitScoreView; className?: string }) {
  const { analysis } = result;
  const label = matchLabel(result.overall);
  const tone = scoreClasses(result.overall);
  return (
    <div className={cn('flex flex-col items-center gap-4 text-center', className)}>
      <ScoreRing score={result.overall} />
      <div className="space-y-2">
        <p className={cn('inline-flex rounded-full px-3 py-1 text-sm font-semibold', tone.bg, tone.text)}>{label}</p>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Badge tone={CONFIDENCE_TONE[analysis.confidence.level]}>
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
            {analysis.confidence.level} confidence
          </Badge>
          <span className="text-xs text-slate-500">Evidence coverage {analysis.confidence.evidence}%</span>
        </div>
        <p className="text-xs text-slate-500">
          Scored {new Date(result.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
          {result.deck.filename ? ` · ${result.deck.filename} (v${result.deck.version})` : ''} · {plural(analysis.deck.pages, 'page')}
          {analysis.deck.ocrPages > 0 ? `, ${analysis.deck.ocrPages} read from images` : ''}
        </p>
        <p className="mx-auto max-w-sm text-xs text-slate-600" data-testid="own-weights-note">
          Each fund scores your deck with its own weights, so the FitScore a fund sees can differ from this one.
        </p>
      </div>
    </div>
  );
}
