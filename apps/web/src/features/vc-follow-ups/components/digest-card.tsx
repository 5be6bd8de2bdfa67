import { DEFAULT_DIGEST_TIME_ZONE, DIGEST_FREQUENCIES, DIGEST_FREQUENCY_LABELS, type DigestFrequency } from '@fitscore/contracts';
import { Mail } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDigestSettings, useSaveDigest } from '../api/follow-ups';

const HINTS: Record<DigestFrequency, string> = {
  daily: 'Every morning: new deals and their scores, follow-ups due, and mentions of you.',
  weekly: 'Every Monday morning: the week’s new deals, follow-ups due, and mentions of you.',
  never: 'No digest email. The bell and the dashboard still show what is due.',
};

/** The browser's time zone (UTC when it names none). */
function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_DIGEST_TIME_ZONE;
  } catch {
    return DEFAULT_DIGEST_TIME_ZONE;
  }
}

/** The zones to choose from: UTC, every zone the browser knows, and the one shown (an alias the list spells otherwise). */
function timeZoneOptions(shown: string) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_DIGEST_TIME_ZONE, ...known, shown])];
}

/** Settings → Account: the member's digest email, daily, weekly or never, and its time zone (saved as they are chosen). */
export function DigestCard() {
  const titleId = useId();
  const query = useDigestSettings();
  const save = useSaveDigest();
  const toast = useToast();
  // The choice is held in React state set inside the change event, so the radio the member
  // clicked stays checked from that very render (a controlled radio would otherwise snap back
  // until the mutation's state arrives); a refused save puts the saved value back.
  const [chosen, setChosen] = useState<DigestFrequency | null>(null);
  // The zone the same way; until the member saves one, the browser's is offered (and saved with their next choice).
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [browserZone] = useState(browserTimeZone);
  const zone = chosenZone ?? (query.data?.timeZoneSaved ? query.data.timeZone : browserZone);
  const zones = useMemo(() => timeZoneOptions(zone), [zone]);
  const failed = (err: Error) => toast.error(errorMessage(err, 'Could not save your digest email setting. Please try again.'));
  const choose = (frequency: DigestFrequency) => {
    setChosen(frequency);
    save.mutate(
      { frequency, timeZone: zone },
      {
        onSuccess: () => toast.success(`Digest email: ${DIGEST_FREQUENCY_LABELS[frequency]}`),
        onError: (err) => {
          setChosen(null);
          failed(err);
        },
      },
    );
  };
  const current = chosen ?? query.data?.frequency;
  const chooseZone = (timeZone: string) => {
    if (!current) return;
    setChosenZone(timeZone);
    save.mutate(
      { frequency: current, timeZone },
      {
        onSuccess: () => toast.success(`Digest time zone: ${timeZone}`),
        onError: (err) => {
          setChosenZone(null);
          failed(err);
        },
      },
    );
  };
  const zoneSaved = chosenZone !== null || Boolean(query.data?.timeZoneSaved);
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
          <div className="max-w-xl space-y-4">
            <fieldset className="space-y-2" disabled={save.isPending}>
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
            <Field
              label="Time zone"
              hint={
                zoneSaved
                  ? 'The daily digest comes each morning of your day, the weekly one on your Monday morning; times in it are in this zone.'
                  : `Not saved yet: your digest follows ${query.data.timeZone} until you save a time zone.`
              }
            >
              {(ids) => (
                <div className="flex flex-wrap items-center gap-2">
                  <Select {...ids} value={zone} onChange={(e) => chooseZone(e.target.value)} disabled={save.isPending} className="max-w-xs">
                    {zones.map((z) => (
                      <option key={z} value={z}>
                        {z.replaceAll('_', ' ')}
                      </option>
                    ))}
                  </Select>
                  {zoneSaved ? null : (
                    <Button variant="secondary" onClick={() => chooseZone(zone)} disabled={save.isPending}>
                      Save time zone
                    </Button>
                  )}
                </div>
              )}
            </Field>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
