import { SUB_SCORE_LABELS, type FitScoreViewAnalysis } from '@fitscore/contracts';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Key Insights chips: only strong (8+) and weak (4 or below) dimensions. */
export function KeyInsights({ analysis }: { analysis: FitScoreViewAnalysis }) {
  if (analysis.insights.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">Key Insights</h3>
      <ul className="flex flex-wrap gap-2">
        {analysis.insights.map((insight) => {
          const Icon = insight.kind === 'strong' ? TrendingUp : TrendingDown;
          return (
            <li
              key={insight.dimension}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset',
                insight.kind === 'strong' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200',
              )}
              title={insight.text}
            >
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
              <span>
                {insight.kind === 'strong' ? 'Strong' : 'Weak'} {SUB_SCORE_LABELS[insight.dimension].toLowerCase()} ({insight.score}/10)
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
