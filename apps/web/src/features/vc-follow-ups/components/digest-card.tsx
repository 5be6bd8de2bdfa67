import { DIGEST_FREQUENCIES, DIGEST_FREQUENCY_LABELS, type DigestFrequency } from '@fitscore/contracts';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDigestSettings, useSaveDigest } from '../api/follow-ups';

const HINTS: Record<DigestFrequency, string> = {
  daily: 'Every morning: new deals and their scores, follow-ups due, and mentions of you.',
  weekly: 'Every Monday morning: the week’s new deals, follow-ups due, and mentions of you.',
  never: 'No digest email. The bell and the dashboard still show what is due.',
};

/** Settings → Account: the member's digest email, daily, weekly or never (saved as it is chosen). */
export function DigestCard() {
  const titleId = useId();
  const query = useDigestSettings();
  const save = useSaveDigest();
  const toast = useToast();
  // The choice is held in React state set inside the change event, so the radio the member
  // clicked stays checked from that very render (a controlled radio would otherwise snap back
  // until the mutation's state arrives); a refused save puts the saved value back.
  const [chosen, setChosen] = useState<DigestFrequency | null>(null);
  const choose = (frequency: DigestFrequency) => {
    setChosen(frequency);
    save.mutate(frequency, {
      onSuccess: () => toast.success(`Digest email: ${DIGEST_FREQUENCY_LABELS[frequency]}`),
      onError: (err) => {
        setChosen(null);
        toast.error(errorMessage(err, 'Could not save your digest email setting. Please try again.'));
      },
    });
  };
  const current = chosen ?? query.data?.frequency;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Mail className="h-4 w-4 text-brand-600" aria-hidden="true" />
          Digest email
        </CardTitle>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Spinner label="Loading your digest email setting" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {query.error.message}
          </p>
        ) : (
          <fieldset className="max-w-xl space-y-2" disabled={save.isPending}>
            <legend className="mb-2 text-sm text-slate-600">How often we email you a summary of your fund’s activity.</legend>
            {DIGEST_FREQUENCIES.map((f) => (
              <div key={f} className="flex items-start gap-3 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-300">
                <input
                  id={`${titleId}-${f}`}
                  type="radio"
                  name="digest-frequency"
                  value={f}
                  checked={current === f}
                  onChange={() => choose(f)}
                  aria-describedby={`${titleId}-${f}-hint`}
                  className="mt-1 accent-brand-600"
                />
                <div>
                  <label htmlFor={`${titleId}-${f}`} className="block cursor-pointer text-sm font-semibold text-slate-900">
                    {DIGEST_FREQUENCY_LABELS[f]}
                  </label>
                  <p id={`${titleId}-${f}-hint`} className="text-xs text-slate-600">
                    {HINTS[f]}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
        )}
      </CardBody>
    </Card>
  );
}
