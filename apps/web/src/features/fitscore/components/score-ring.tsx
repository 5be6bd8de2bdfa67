import { cn } from '@/lib/cn';
import { scoreClasses } from './tones';

const SIZES = { md: { box: 120, stroke: 10, text: 'text-3xl' }, lg: { box: 168, stroke: 12, text: 'text-5xl' } } as const;

/** The FitScore as a ring, coloured by its band. */
export function ScoreRing({ score, size = 'lg', className }: { score: number; size?: keyof typeof SIZES; className?: string }) {
  const { box, stroke, text } = SIZES[size];
  const r = (box - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  const tone = scoreClasses(score);
  return (
    <div className={cn('relative inline-flex items-center justify-center', className)} style={{ width: box, height: box }}>
      <svg width={box} height={box} viewBox={`0 0 ${box} ${box}`} className="-rotate-90" aria-hidden="true">
        <circle cx={box / 2} cy={box / 2} r={r} fill="none" strokeWidth={stroke} className="stroke-slate-100" />
        <circle
          cx={box / 2}
          cy={box / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - Math.max(0, Math.min(100, score)) / 100)}
          className={cn(tone.stroke, 'transition-[stroke-dashoffset] duration-700')}
        />
      </svg>
      <span className="absolute flex flex-col items-center" role="img" aria-label={`FitScore ${score} out of 100`}>
        <span className={cn('font-bold tracking-tight text-slate-900', text)}>{score}</span>
        <span className="text-xs font-medium text-slate-500">/ 100</span>
      </span>
    </div>
  );
}
