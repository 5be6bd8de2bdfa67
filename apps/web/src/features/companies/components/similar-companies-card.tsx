import type { SimilarCompany } from '@fitscore/contracts';
import { AlertTriangle, Building2, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UpgradePrompt as PlanUpgradePrompt } from '@/components/ui/upgrade-prompt';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMyRaise, useRemoveRaise, useSimilarCompanies } from '../api/similar-companies';
import { formatAmount, formatRaisedAt } from './money';
import { ReportRaiseDialog } from './report-raise-dialog';

const UPGRADE_PATH = `${paths.founder.settings}?tab=subscription`;

function CompanyItem({ company }: { company: SimilarCompany }) {
  const raised = formatRaisedAt(company.raised_at);
  const percent = Math.round(company.similarity * 100);
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            {company.link ? (
              <a
                href={company.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-slate-900 hover:text-brand-700 hover:underline"
              >
                {company.name}
                <ExternalLink className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <span className="font-semibold text-slate-900">{company.name}</span>
            )}
            {company.source === 'sample' ? <Badge tone="amber">Sample data</Badge> : null}
            {company.source === 'platform' ? <Badge tone="brand">On FitScore</Badge> : null}
          </div>
          <p className="mt-0.5 text-sm text-slate-700">
            <span className="font-medium">{company.last_round}</span> · {formatAmount(company.amount, company.currency)}
            {raised ? <span className="text-slate-500"> · {raised}</span> : null}
          </p>
          {company.investors.length > 0 ? <p className="text-sm text-slate-600">{company.investors.join(', ')}</p> : null}
          {company.description ? <p className="mt-1 line-clamp-2 text-xs text-slate-500">{company.description}</p> : null}
        </div>
        <div className="w-20 shrink-0 text-right">
          <p className="text-sm font-semibold text-slate-900">{percent}%</p>
          <p className="text-xs text-slate-500">similar</p>
          <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>
      {company.why_similar.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Why ${company.name} is similar`}>
          {company.why_similar.map((why) => (
            <li key={why} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {why}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ReportYourRaise() {
  const mine = useMyRaise();
  const remove = useRemoveRaise();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const raise = mine.data?.raise ?? null;

  if (mine.isPending) return null;
  return (
    <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      {raise ? (
        <p className="text-sm text-slate-600">
          Your raise: <span className="font-medium text-slate-900">{raise.last_round}</span> · {formatAmount(raise.amount, raise.currency)} ·
          visible to other founders
        </p>
      ) : (
        <p className="text-sm text-slate-600">Raised a round? Add your company for other founders to compare with.</p>
      )}
      <div className="flex shrink-0 gap-2">
        {raise ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('Your raise was removed.'),
                onError: (err) => toast.error(err.message),
              })
            }
          >
            Remove
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
          {raise ? 'Edit your raise' : 'Report your raise'}
        </Button>
      </div>
      <ReportRaiseDialog open={open} onOpenChange={setOpen} raise={raise} />
    </div>
  );
}

function UpgradePrompt() {
  return (
    <PlanUpgradePrompt
      title="Similar companies is a Premium feature"
      text="See funded companies like yours: their rounds, amounts and investors."
      action="Upgrade to Premium"
      to={UPGRADE_PATH}
    />
  );
}

/** `available`: whether the founder's plan includes the list; undefined while the plan is loading. */
function Body({ available }: { available: boolean | undefined }) {
  const similar = useSimilarCompanies(available === true);

  if (available === false) return <UpgradePrompt />;
  if (available === undefined || similar.isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-slate-500">
        <Spinner className="text-brand-600" label="Loading similar companies" />
        <span aria-hidden="true">Finding similar companies…</span>
      </div>
    );
  }
  if (similar.isError) {
    // The plan changed since it was read (e.g. in another tab): the server has the last word.
    if (similar.error instanceof ApiError && similar.error.code === 'plan_limit') return <UpgradePrompt />;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
        <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{similar.error.message}</span>
        <Button variant="secondary" size="sm" onClick={() => void similar.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { companies, profile_missing } = similar.data;
  if (profile_missing) {
    return (
      <p className="py-4 text-sm text-slate-600">
        <Link to={paths.founder.profile} className="font-medium text-brand-700 hover:underline">
          Complete your company profile
        </Link>{' '}
        to compare it with funded companies.
      </p>
    );
  }
  if (companies.length === 0) {
    return (
      <div className="py-4 text-center">
        <Building2 className="mx-auto h-6 w-6 text-slate-400" aria-hidden="true" />
        <p className="mt-2 text-sm text-slate-600">
          No funded companies to compare yet. They appear here once company data is imported or founders on FitScore report their raises.
        </p>
      </div>
    );
  }
  const hasSample = companies.some((c) => c.source === 'sample');
  return (
    <>
      {hasSample ? (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
          Includes sample data: public early rounds of well-known startups, loaded for demonstration and marked with a badge.
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {companies.map((c) => (
          <CompanyItem key={c.id} company={c} />
        ))}
      </ul>
    </>
  );
}

/** Similar Companies: funded companies most like the founder's, ranked by the server (Premium). */
export function SimilarCompaniesCard({ available, className }: { available: boolean | undefined; className?: string }) {
  const titleId = useId();
  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <CardTitle id={titleId}>Similar Companies</CardTitle>
          <p className="mt-0.5 text-sm text-slate-500">Funded companies like yours, by sector, stage, model and what they do</p>
        </div>
      </CardHeader>
      <CardBody>
        <Body available={available} />
        <ReportYourRaise />
      </CardBody>
    </Card>
  );
}
