import { SUB_SCORE_LABELS, type SubScoreKey } from '@fitscore/contracts';
import { CheckCircle2 } from 'lucide-react';

/** The dimensions that stand out, each under its label (the founder's report and the investor's deal page). */
export function StrengthsList({ strengths, empty }: { strengths: { dimension: SubScoreKey; text: string }[]; empty: string }) {
  if (strengths.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="space-y-3">
      {strengths.map((s, i) => (
        <li key={i} className="flex gap-3">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <div>
            <p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">{SUB_SCORE_LABELS[s.dimension]}</p>
            <p className="text-sm text-slate-700">{s.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
