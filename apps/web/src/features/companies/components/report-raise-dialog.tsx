import { ROUND_NAMES, ReportRaiseSchema, type ReportedRaise } from '@fitscore/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useReportRaise } from '../api/similar-companies';

interface FormState {
  last_round: string;
  amount: string;
  currency: string;
  investors: string;
  raised_at: string;
  consent: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

function initial(raise: ReportedRaise | null): FormState {
  return {
    last_round: raise?.last_round ?? '',
    amount: raise?.amount ? String(raise.amount) : '',
    currency: raise?.currency ?? 'USD',
    investors: raise?.investors.join(', ') ?? '',
    raised_at: raise?.raised_at ?? '',
    consent: false,
  };
}

/** 'Report your raise': round, amount, investors and date, shown to other founders only with consent. */
export function ReportRaiseDialog({ open, onOpenChange, raise }: { open: boolean; onOpenChange: (open: boolean) => void; raise: ReportedRaise | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report your raise"
      description="Your company appears among other founders’ similar funded companies, with your name, one-liner, sector and stage from your profile."
    >
      {open ? <RaiseForm raise={raise} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function RaiseForm({ raise, onDone }: { raise: ReportedRaise | null; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => initial(raise));
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const save = useReportRaise();
  const toast = useToast();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ReportRaiseSchema.safeParse({
      last_round: form.last_round || undefined,
      amount: form.amount.trim() === '' ? undefined : Number(form.amount.replace(/[,\s_]/g, '')),
      currency: form.currency,
      investors: form.investors
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean),
      raised_at: form.raised_at || undefined,
      consent: form.consent,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FormState;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { ...parsed.data, consent: true },
      {
        onSuccess: () => {
          toast.success('Your raise is saved. Other founders can now see it.');
          onDone();
        },
        onError: (err) => toast.error(err.message),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Report your raise" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Round" required error={errors.last_round}>
          {(ids) => (
            <Select {...ids} value={form.last_round} onChange={(e) => set('last_round', e.target.value)}>
              <option value="">Choose…</option>
              {ROUND_NAMES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Date closed" required error={errors.raised_at}>
          {(ids) => <Input {...ids} type="date" max={today()} value={form.raised_at} onChange={(e) => set('raised_at', e.target.value)} />}
        </Field>
        <Field label="Amount raised" required error={errors.amount} hint="In whole units, e.g. 2500000">
          {(ids) => <Input {...ids} inputMode="numeric" value={form.amount} onChange={(e) => set('amount', e.target.value)} />}
        </Field>
        <Field label="Currency" error={errors.currency}>
          {(ids) => (
            <Input {...ids} maxLength={3} value={form.currency} onChange={(e) => set('currency', e.target.value.toUpperCase())} className="uppercase" />
          )}
        </Field>
      </div>
      <Field label="Investors" required error={errors.investors} hint="Separate names with commas">
        {(ids) => <Input {...ids} value={form.investors} onChange={(e) => set('investors', e.target.value)} placeholder="Lead Fund, Angel Name" />}
      </Field>
      <div>
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
            checked={form.consent}
            onChange={(e) => set('consent', e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'raise-consent-error' : undefined}
          />
          <span>Show this raise to other founders on FitScore. You can remove it at any time.</span>
        </label>
        {errors.consent ? (
          <p id="raise-consent-error" role="alert" className="mt-1 text-xs font-medium text-red-600">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save raise'}
        </Button>
      </div>
    </form>
  );
}
