import { INTRO_ANSWER_MAX, INTRO_STATUS_LABELS, type Intro, type IntroStatus } from '@fitscore/contracts';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useAnswerIntro } from '../api/investor-matches';
import { possessive } from '@/lib/possessive';

const TONES: Record<IntroStatus, BadgeTone> = {
  pending: 'brand',
  moreinfo: 'amber',
  answered: 'brand',
  accepted: 'green',
  dismissed: 'neutral',
  declined: 'red',
};

export function IntroStatusChip({ status }: { status: IntroStatus }) {
  return <Badge tone={TONES[status]}>{INTRO_STATUS_LABELS[status]}</Badge>;
}

/** The fund's question with a one-time answer form. */
function AnswerForm({ intro }: { intro: Intro }) {
  const [answer, setAnswer] = useState('');
  const send = useAnswerIntro();
  const toast = useToast();
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate(
          { id: intro.id, answer: answer.trim() },
          { onSuccess: () => toast.success('Answer sent'), onError: (err) => toast.error(err.message) },
        );
      }}
    >
      <Field label="Your answer" hint="You can answer once.">
        {(ids) => <Textarea {...ids} rows={3} maxLength={INTRO_ANSWER_MAX} value={answer} onChange={(e) => setAnswer(e.target.value)} required />}
      </Field>
      <Button type="submit" size="sm" disabled={send.isPending || answer.trim() === ''}>
        {send.isPending ? 'Sending...' : 'Send answer'}
      </Button>
    </form>
  );
}

/** What came of an intro request: the question and answer, the contact, or the reasons for a no. */
export function IntroOutcome({ intro }: { intro: Intro }) {
  if (intro.status === 'moreinfo' || intro.status === 'answered') {
    return (
      <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm">
        <p className="font-medium text-amber-900">The fund asks: {intro.question}</p>
        {intro.status === 'answered' ? <p className="mt-1 text-slate-700">Your answer: {intro.answer}</p> : <AnswerForm intro={intro} />}
      </div>
    );
  }
  if (intro.status === 'accepted' && intro.contact) {
    return (
      <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <p className="font-medium">Intro accepted: your company is in {possessive(intro.fundName)} pipeline.</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2">
          <span>Your contact: {intro.contact.name || 'the fund team'}</span>
          <a href={`mailto:${intro.contact.email}`} className="inline-flex items-center gap-1 font-medium underline">
            <Mail className="h-3.5 w-3.5" aria-hidden="true" />
            {intro.contact.email}
          </a>
          {intro.contact.website ? (
            <a href={intro.contact.website} target="_blank" rel="noopener noreferrer" className="underline">
              {intro.contact.website.replace(/^https?:\/\//, '')}
            </a>
          ) : null}
        </p>
      </div>
    );
  }
  if (intro.status === 'dismissed') return <p className="mt-3 text-sm text-slate-600">Not a fit right now. You can ask again 30 days after your request.</p>;
  if (intro.status === 'declined') {
    return (
      <div className="mt-3 text-sm">
        <p className="text-slate-700">The fund passed. Their reasons:</p>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Why ${intro.fundName} passed`}>
          {intro.declineReasons.map((r) => (
            <li key={r} className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-800 ring-1 ring-red-200 ring-inset">
              {r}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return null;
}
