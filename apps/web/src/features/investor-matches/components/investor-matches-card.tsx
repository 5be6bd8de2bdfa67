import { INTRO_COOLDOWN_DAYS, type Intro, type InvestorMatch } from '@fitscore/contracts';
import { AlertTriangle, Check, Landmark, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { UpgradePrompt as PlanUpgradePrompt } from '@/components/ui/upgrade-prompt';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ThesisFitChips } from '@/components/ui/thesis-fit-chips';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useInvestorMatches, useIntros } from '../api/investor-matches';
import { IntroOutcome, IntroStatusChip } from './intro-status';
import { RequestIntroDialog } from './request-intro-dialog';

const UPGRADE_PATH = `${paths.founder.settings}?tab=subscription`;
const DAY_MS = 86_400_000;

function canAskAgain(match: InvestorMatch) {
  if (!match.intro) return true;
  return Date.now() - Date.parse(match.intro.requestedAt) >= INTRO_COOLDOWN_DAYS * DAY_MS && ['dismissed', 'declined'].includes(match.intro.status);
}

function MatchItem({ match, intro }: { match: InvestorMatch; intro: Intro | undefined }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <li className="py-4 first:pt-0 last:pb-0" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {match.fundName}
          </h3>
          <div className="mt-1.5">
            <ThesisFitChips fit={match.thesisFit} className="gap-1.5" />
          </div>
        </div>
        <div className="w-24 shrink-0 text-right">
          {match.fitScore !== null ? (
            <>
              <p className="text-xl font-bold text-slate-900">{match.fitScore}</p>
              <p className="text-xs text-slate-500">FitScore under their weights</p>
            </>
          ) : (
            <p className="text-xs text-slate-500">No FitScore yet</p>
          )}
        </div>
      </div>
      <div className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        {match.reasons.length > 0 ? (
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Why it matches</p>
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {match.reasons.map((r) => (
                <li key={r} className="flex gap-1.5">
                  <Check className="mt-0.5 h-3.5 w-3.5 shrink-0 text-emerald-600" aria-hidden="true" />
                  {r}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {match.mismatches.length > 0 ? (
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">What doesn’t fit</p>
            <ul className="mt-1 space-y-0.5 text-slate-600">
              {match.mismatches.map((r) => (
                <li key={r} className="flex gap-1.5">
                  <X className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                  {r}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {match.intro ? <IntroStatusChip status={match.intro.status} /> : null}
        {canAskAgain(match) ? (
          <Button size="sm" variant={match.intro ? 'secondary' : 'primary'} onClick={() => setOpen(true)} aria-haspopup="dialog" disabled={match.fitScore === null}>
            {match.intro ? 'Request again' : 'Request intro'}
          </Button>
        ) : null}
        {match.fitScore === null ? <span className="text-xs text-slate-500">Get your FitScore to request intros.</span> : null}
      </div>
      {intro && match.intro?.id === intro.id ? <IntroOutcome intro={intro} /> : null}
      <RequestIntroDialog fundId={match.fundId} fundName={match.fundName} open={open} onOpenChange={setOpen} />
    </li>
  );
}

function UpgradePrompt() {
  return (
    <PlanUpgradePrompt
      title="Investor matches is a Premium feature"
      text="See the funds on FitScore whose thesis fits your company, and ask them for an intro."
      action="Upgrade to Premium"
      to={UPGRADE_PATH}
    />
  );
}

/** `available`: whether the founder's plan includes matches; undefined while the plan is loading. */
function Body({ available }: { available: boolean | undefined }) {
  const matches = useInvestorMatches(available === true);
  const intros = useIntros(available === true);

  if (available === false) return <UpgradePrompt />;
  if (available === undefined || matches.isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-slate-500">
        <Spinner className="text-brand-600" label="Loading investor matches" />
        <span aria-hidden="true">Finding the funds that fit…</span>
      </div>
    );
  }
  if (matches.isError) {
    if (matches.error instanceof ApiError && matches.error.code === 'plan_limit') return <UpgradePrompt />;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{matches.error.message}</span>
        <Button variant="secondary" size="sm" onClick={() => void matches.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (matches.data.profileMissing) {
    return (
      <p className="py-4 text-sm text-slate-600">
        <Link to={paths.founder.profile} className="font-medium text-brand-700 hover:underline">
          Complete your company profile
        </Link>{' '}
        to see which funds fit.
      </p>
    );
  }
  if (matches.data.matches.length === 0) {
    return (
      <div className="py-4 text-center">
        <Landmark className="mx-auto h-6 w-6 text-slate-400" aria-hidden="true" />
        <p className="mt-2 text-sm text-slate-600">
          No investor funds are on FitScore yet. Funds appear here, ranked by how well you fit their thesis, as soon as investors join and set it.
        </p>
      </div>
    );
  }
  const introById = new Map((intros.data?.intros ?? []).map((i) => [i.id, i]));
  return (
    <ul className="divide-y divide-slate-100">
      {matches.data.matches.map((m) => (
        <MatchItem key={m.fundId} match={m} intro={m.intro ? introById.get(m.intro.id) : undefined} />
      ))}
    </ul>
  );
}

/** Investor Matches: the funds on FitScore ranked by thesis fit and the founder's FitScore under their weights (Premium). */
export function InvestorMatchesCard({ available, className }: { available: boolean | undefined; className?: string }) {
  const titleId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <CardTitle id={titleId}>Investor Matches</CardTitle>
          <p className="mt-0.5 text-sm text-slate-500">Funds on FitScore ranked by thesis fit (sector, stage, geography, ticket) and your FitScore under their weights</p>
        </div>
      </CardHeader>
      <CardBody>
        <Body available={available} />
      </CardBody>
    </Card>
  );
}
