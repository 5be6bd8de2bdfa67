import {
  DEAL_DECK_FACTS,
  DealFactsBodySchema,
  type Deal,
  type DealDeckFact,
  type DealFactsBody,
} from '@fitscore/contracts';
import { FileText, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateDealFacts } from '../api/deal-facts';

const LABELS: Record<DealDeckFact, string> = {
  startupName: 'Company',
  stage: 'Stage',
  sector: 'Sector',
  geography: 'Geography',
};

const factsOf = (deal: Deal): DealFactsBody => ({
  startupName: deal.startupName,
  stage: deal.stage,
  sector: deal.sector,
  geography: deal.geography,
});

/**
 * The deal's company, stage, sector and geography, each marked 'read from the deck' when the
 * intake took it from the deck rather than from a person; any member can correct them.
 */
export function DealFacts({ deal }: { deal: Deal }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<DealFactsBody>(() => factsOf(deal));
  const update = useUpdateDealFacts();
  const toast = useToast();
  const parsed = DealFactsBodySchema.safeParse(draft);
  const problems = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    try {
      await update.mutateAsync({ id: deal.id, facts: parsed.data });
      toast.success('Deal facts updated');
      setEditing(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save the deal’s facts. Please try again.'));
    }
  };

  if (editing) {
    return (
      <form
        onSubmit={save}
        noValidate
        aria-label="Edit deal facts"
        className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {DEAL_DECK_FACTS.map((fact) => (
            <Field key={fact} label={LABELS[fact]} error={problems[fact]} required={fact === 'startupName'}>
              {(ids) => (
                <Input
                  {...ids}
                  value={draft[fact]}
                  onChange={(e) => setDraft((d) => ({ ...d, [fact]: e.target.value }))}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(factsOf(deal));
              setEditing(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!parsed.success || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save facts'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <section
      aria-label="Deal facts"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-start sm:justify-between"
    >
      <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-4">
        {DEAL_DECK_FACTS.map((fact) => (
          <div key={fact} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{LABELS[fact]}</dt>
            <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">
              {deal[fact] || <span className="text-slate-500">Not known</span>}
              {deal.factsFromDeck.includes(fact) ? (
                <span
                  className="mt-1 flex items-center gap-1 text-xs font-normal text-slate-500"
                  data-testid={`from-deck-${fact}`}
                >
                  <FileText className="h-3.5 w-3.5" aria-hidden="true" />
                  read from the deck
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => {
          setDraft(factsOf(deal));
          setEditing(true);
        }}
      >
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Edit facts
      </Button>
    </section>
  );
}
