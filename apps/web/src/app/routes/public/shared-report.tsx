import { SHARE_LINK_GONE } from '@fitscore/contracts';
import { AlertTriangle, ArrowRight, Building2, Eye, Link2Off, MapPin } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Container } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { FitScoreReport } from '@/features/fitscore/components/fitscore-report';
import { useSharedReport } from '@/features/share/api/share-links';
import { ApiError } from '@/lib/api-client';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

function GetYourOwn({ className }: { className?: string }) {
  return (
    <Link
      to={paths.signupAs('founder')}
      className={`inline-flex items-center gap-1 py-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline ${className ?? ''}`}
    >
      Get your own FitScore
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

function Gone() {
  return (
    <Container className="flex min-h-[60vh] max-w-xl flex-col items-center justify-center py-16 text-center">
      <title>Link unavailable · FitScore</title>
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Link2Off className="h-6 w-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{SHARE_LINK_GONE}</h1>
      <p className="mt-2 text-slate-600">The founder may have revoked it, or the address is incomplete. Ask them for a new link.</p>
      <GetYourOwn className="mt-6" />
    </Container>
  );
}

/** A founder's FitScore as shared through a link: read-only, no sign-in, the score frozen when the link was made. */
export default function SharedReportPage() {
  const { token = '' } = useParams();
  const report = useSharedReport(token);

  if (report.isPending) return <PageLoader label="Loading the shared FitScore" />;
  if (report.isError) {
    if (report.error instanceof ApiError && report.error.status === 404) return <Gone />;
    return (
      <Container className="max-w-xl py-16">
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
          <span className="flex-1">{report.error.message}</span>
          <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </div>
      </Container>
    );
  }

  const { company, score, sharedAt } = report.data;
  return (
    <Container className="max-w-6xl py-8 sm:py-10">
      <title>{`${company.startupName} · FitScore`}</title>
      <meta name="robots" content="noindex" />

      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
            <Eye className="h-4 w-4" aria-hidden="true" />
            Shared FitScore · read-only
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{company.startupName}</h1>
          {company.oneLiner ? <p className="mt-1 text-slate-600">{company.oneLiner}</p> : null}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {company.industry ? (
              <Badge tone="brand">
                <Building2 className="h-3.5 w-3.5" aria-hidden="true" />
                {company.industry}
              </Badge>
            ) : null}
            {company.stage ? <Badge>{company.stage}</Badge> : null}
            {company.hqGeo ? (
              <Badge>
                <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
                {company.hqGeo}
              </Badge>
            ) : null}
          </div>
        </div>
        <p className="text-sm text-slate-500">Shared {dateFormat.format(new Date(sharedAt))}</p>
      </header>

      <FitScoreReport result={score} />

      <aside className="mt-8 flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          FitScore rates a startup&apos;s pitch deck and profile against what investors look for, with the evidence behind every point.
        </p>
        <GetYourOwn className="shrink-0" />
      </aside>
    </Container>
  );
}
