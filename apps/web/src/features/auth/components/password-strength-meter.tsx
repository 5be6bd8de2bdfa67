import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import type { PasswordScore } from '../lib/password-strength';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'] as const;

/**
 * How hard the password is to guess, as it is typed (zxcvbn-ts, loaded on first use).
 * Advice only: the server refuses just the most common passwords and anything under 6 characters.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  // The score of the password it was measured for: a stale one is not shown.
  const [measured, setMeasured] = useState<{ password: string; score: PasswordScore } | null>(null);
  const inputsKey = userInputs.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    void import('../lib/password-strength').then(({ measurePassword }) => {
      if (current) setMeasured({ password, score: measurePassword(password, inputsKey ? inputsKey.split('\n') : []) });
    });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  if (!password || measured?.password !== password) return null;
  const { score } = measured;
  return (
    <div className="space-y-1" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn('h-1.5 flex-1 rounded-full', i < Math.max(1, score) ? COLORS[score] : 'bg-slate-200')}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        Password strength: <strong className="font-semibold text-slate-800">{LABELS[score]}</strong>
        {score < 2 ? <span> · easy to guess: use a longer phrase or an unusual mix of words</span> : null}
      </p>
    </div>
  );
}
