import { SUB_SCORE_KEYS, SUB_SCORE_LABELS, insightKind, type SubScoreKey } from '@fitscore/contracts';
import type { DealDetail } from '../api/deals';

export interface WhyChip {
  key: SubScoreKey;
  kind: 'strong' | 'weak';
  text: string;
  /** The first piece of evidence the sub-score rests on, with its page. */
  evidence: { page: number | null; quote: string } | undefined;
}

/** 'Why This Score': the sub-scores that stand out (8+ or 4 and below), strongest first, each with its evidence. */
export function whyChips(analysis: NonNullable<DealDetail['analysis']>): WhyChip[] {
  return SUB_SCORE_KEYS.flatMap((key) => {
    const sub = analysis.subScores[key];
    const kind = insightKind(sub.score);
    if (!kind) return [];
    return [
      {
        key,
        kind,
        text: `${kind === 'strong' ? 'Strong' : 'Weak'} ${SUB_SCORE_LABELS[key].toLowerCase()} ${sub.score}/10`,
        evidence: sub.evidence[0],
      },
    ];
  }).sort((a, b) => analysis.subScores[b.key].score - analysis.subScores[a.key].score);
}
