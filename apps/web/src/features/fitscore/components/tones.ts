import { scoreTone, subScoreTone } from '@fitscore/contracts';

/** Ring and pipeline colours for 0-100 scores (spec section 9): 80+ green, 60+ amber, 40+ orange, else red. */
export const SCORE_TONE_CLASSES = {
  green: { stroke: 'stroke-emerald-500', text: 'text-emerald-700', bg: 'bg-emerald-50' },
  amber: { stroke: 'stroke-amber-500', text: 'text-amber-700', bg: 'bg-amber-50' },
  orange: { stroke: 'stroke-orange-500', text: 'text-orange-700', bg: 'bg-orange-50' },
  red: { stroke: 'stroke-red-500', text: 'text-red-700', bg: 'bg-red-50' },
} as const;

/** Sub-score bars (section 5): 8+ green, 6-7 yellow, 4-5 orange, below 4 red. */
export const SUB_SCORE_BAR = {
  green: 'bg-emerald-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
} as const;

export const scoreClasses = (score: number) => SCORE_TONE_CLASSES[scoreTone(score)];
export const subScoreBar = (value: number) => SUB_SCORE_BAR[subScoreTone(value)];
