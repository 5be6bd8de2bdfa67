import type { FundMember } from '@fitscore/contracts';
import { ArrowLeft, CheckCircle2, Globe, Mail } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { InvestorBriefView } from '@/components/brief/investor-brief-view';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAssignDeal, useMarkReviewed, useMembers, type DealDetail } from '../api/deals';
import { formatDate, formatDateTime, laterArrivals, SOURCE_LABELS } from '../lib/labels';
import { whyChips } from '../lib/why';
import { AssignSelect } from './assign-select';
import { BlindNotice } from './blind-notice';
import { DealActivity } from './deal-activity';
import { DealComments } from './deal-comments';
import { DealFacts } from './deal-facts';
import { DealFindingsCards } from './deal-findings-cards';
import { DealSubScores } from './deal-sub-scores';
import { DealTags } from './deal-tags';
import { DeckViewer } from './deck-viewer';
import { Recommendation } from './recommendation';
import { SeenBeforeCard } from './seen-before';
import { StatusButtons } from './status-buttons';
import { StatusHistory } from './status-history';
import { TeamViews } from './team-views';
import { ThesisFitChips } from '@/components/ui/thesis-fit-chips';
import { useMoveDeal } from './use-move-deal';
import { WhyChips } from './why-chips';

const DEAL_BRIEF_WORDING = {
  profile: "the founder's profile",
  company: 'This company',
  noOneLiner: 'No one-liner given.',
  noTraction: 'No traction figures in the deck.',
  noAsk: 'The deck names no raise amount.',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right break-words text-slate-800">{children}</dd>
    </div>
  );
}

function ScoringState({ deal }: { deal: DealDetail['deal'] }) {
  if (deal.scoring.state === 'failed') {
    return (
      <p role="alert" className="text-sm text-red-700">
        The deck could not be scored{deal.scoring.error ? `: ${deal.scoring.error}` : '.'}
      </p>
    );
  }
  if (deal.scoring.state === 'no_deck') {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-medium">No deck yet.</span> This deal was imported without a deck file; upload one to
        score it.
      </p>
    );
  }
  if (deal.scoring.state === 'deck_link') {
    // Sent as a link only: nothing is being scored, so no spinner; the link to open it by hand.
    return (
      <p className="text-sm text-slate-700">
        <span className="font-medium">Deck link, not downloaded.</span> There is no deck file to score.{' '}
        {deal.scoring.deckLink ? (
          <a
            href={deal.scoring.deckLink}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand-700 underline"
          >
            Open the deck link
          </a>
        ) : null}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner className="scale-75 text-brand-600" label="Scoring" />
      {deal.scoring.state === 'running' ? 'Scoring the deck...' : 'Queued for scoring...'} The page fills in when it is
      done.
    </p>
  );
}

/**
 * /vc/deal/{id}: the company, its source and dates, the deck with the score's evidence linked
 * into it, the nine sub-scores, strengths, risks and red flags, thesis fit, triage with its
 * history, owner and review state. `renderScore` draws the score (the app passes the FitScore ring).
 */
export function DealView({
  detail,
  renderScore,
  renderFollowUps,
}: {
  detail: DealDetail;
  renderScore: (score: number) => ReactNode;
  /** The deal's follow-ups (the app passes the Follow-ups panel), given the fund's members. */
  renderFollowUps?: (members: FundMember[]) => ReactNode;
}) {
  const { deal, analysis, history } = detail;
  // The deck the member reads: the analysis's, or (blind first look, analysis hidden) the one it came from.
  const deck = analysis ? { ...analysis.deck, pages: analysis.pages } : (detail.deck ?? null);
  const [page, setPage] = useState(1);
  const viewer = useRef<HTMLDivElement>(null);
  const members = useMembers().data?.members ?? [];
  const { move: moveDeal, dialog: declineDialog } = useMoveDeal();
  const assign = useAssignDeal();
  const reviewed = useMarkReviewed();
  const toast = useToast();

  const openPage = useCallback((n: number) => {
    setPage(n);
    viewer.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, []);
  const giveTo = (member: FundMember | null) =>
    assign.mutate(
      { id: deal.id, ownerId: member?.id ?? null },
      {
        onSuccess: () => toast.success(member ? `Deal assigned to ${member.name || member.email}` : 'Deal unassigned'),
        onError: (err) => toast.error(errorMessage(err, 'Could not assign the deal. Please try again.')),
      },
    );
  const markReviewed = () =>
    reviewed.mutate(deal.id, {
      onSuccess: () => toast.success('Marked as reviewed'),
      onError: (err) => toast.error(errorMessage(err, 'Could not mark the deal as reviewed.')),
    });

  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.vc.pipeline}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Pipeline
        </Link>
      </Button>
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {deal.startupName}
          </h1>
          {deal.oneLiner ? <p className="mt-1 text-slate-600">{deal.oneLiner}</p> : null}
          <div className="mt-2 flex flex-wrap gap-1.5">
            {[deal.sector, deal.stage, deal.geography].filter(Boolean).map((v) => (
              <Badge key={v}>{v}</Badge>
            ))}
            <Badge tone="brand">{SOURCE_LABELS[deal.source]}</Badge>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusButtons deal={deal} onSet={(status) => moveDeal(deal, status)} />
          {deal.reviewedAt ? (
            <Badge tone="green" className="h-9 px-3">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              Reviewed {formatDate(deal.reviewedAt)}
            </Badge>
          ) : (
            <Button variant="secondary" onClick={markReviewed} disabled={reviewed.isPending}>
              Mark as Reviewed
            </Button>
          )}
        </div>
      </header>
      <DealFacts deal={deal} />
      <SeenBeforeCard deal={deal} />
      {analysis?.brief ? (
        <Card role="region" aria-labelledby="deal-brief-title">
          <CardHeader className="block">
            <CardTitle id="deal-brief-title">The 30-second brief</CardTitle>
            <p className="mt-1 text-sm text-slate-600">What the deck says first: each figure with the page it was read on.</p>
          </CardHeader>
          <CardBody>
            <InvestorBriefView brief={analysis.brief} wording={DEAL_BRIEF_WORDING} />
          </CardBody>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Pitch deck</CardTitle>
              {deck?.filename ? (
                <span className="truncate text-xs text-slate-500">
                  {deck.filename} (v{deck.version})
                </span>
              ) : null}
            </CardHeader>
            <CardBody>
              <div ref={viewer} className="scroll-mt-24">
                {deck && deck.pages > 0 ? (
                  <DeckViewer
                    dealId={deal.id}
                    pages={deck.pages}
                    page={Math.min(page, deck.pages)}
                    onPage={setPage}
                  />
                ) : (
                  <ScoringState deal={deal} />
                )}
              </div>
            </CardBody>
          </Card>
          {analysis ? (
            <Card>
              <CardHeader>
                <CardTitle>Score breakdown</CardTitle>
                <span className="text-xs text-slate-500">Weighted with your fund’s weights</span>
              </CardHeader>
              <CardBody>
                <DealSubScores analysis={analysis} onPage={openPage} />
              </CardBody>
            </Card>
          ) : null}
          {analysis ? <DealFindingsCards analysis={analysis} onPage={openPage} /> : null}
        </div>

        {/* On a phone the score and the facts come first, the deck and the breakdown after. */}
        <div className="order-first min-w-0 space-y-6 lg:order-last">
          <Card>
            <CardBody className="flex flex-col items-center gap-3 py-6 text-center">
              {deal.fitScore !== null ? (
                <>
                  {renderScore(deal.fitScore)}
                  {deal.confidence ? (
                    <Badge tone={deal.confidence === 'High' ? 'green' : deal.confidence === 'Medium' ? 'amber' : 'red'}>
                      {deal.confidence} confidence
                    </Badge>
                  ) : null}
                  <DealTags tags={deal.tags} className="justify-center" />
                  <div className="w-full text-left">
                    <Recommendation score={deal.fitScore} />
                  </div>
                  {analysis ? (
                    <div className="w-full text-left">
                      <h3 className="mb-2 text-sm font-semibold text-slate-700">Why This Score</h3>
                      <WhyChips chips={whyChips(analysis)} onPage={openPage} />
                    </div>
                  ) : null}
                </>
              ) : deal.hidden ? (
                <BlindNotice what="its FitScore, the analysis and your teammates' views and comments" />
              ) : (
                <ScoringState deal={deal} />
              )}
            </CardBody>
          </Card>
          <TeamViews dealId={deal.id} />
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardBody className="pt-2">
              <dl className="divide-y divide-slate-100">
                <Row label="Source">
                  {SOURCE_LABELS[deal.source]}
                  {laterArrivals(deal).map((line) => (
                    <span key={line} className="block text-xs text-slate-500">
                      {line}
                    </span>
                  ))}
                </Row>
                <Row label="Received">{formatDateTime(deal.date)}</Row>
                <Row label="Scored">{deal.scoredAt ? formatDateTime(deal.scoredAt) : '—'}</Row>
                <Row label="Reviewed">{deal.reviewedAt ? formatDateTime(deal.reviewedAt) : 'Not yet'}</Row>
                {deal.website ? (
                  <Row label="Website">
                    <a
                      href={deal.website}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                    >
                      <Globe className="h-3.5 w-3.5" aria-hidden="true" />
                      {deal.website.replace(/^https?:\/\//, '')}
                    </a>
                  </Row>
                ) : null}
                {deal.contactEmail ? (
                  <Row label="Contact">
                    <a
                      href={`mailto:${deal.contactEmail}`}
                      className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                    >
                      <Mail className="h-3.5 w-3.5" aria-hidden="true" />
                      {deal.contactEmail}
                    </a>
                  </Row>
                ) : null}
                <div className="flex items-center justify-between gap-4 py-1.5 text-sm">
                  <dt className="text-slate-500">Owner</dt>
                  <dd>
                    <AssignSelect deal={deal} members={members} onAssign={giveTo} />
                  </dd>
                </div>
              </dl>
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Thesis fit</CardTitle>
            </CardHeader>
            <CardBody>
              <ThesisFitChips fit={deal.thesisFit} />
            </CardBody>
          </Card>
          {/* Blind first look: who moved it (the team's views) shows after the member's own. */}
          {deal.hidden ? null : (
            <Card>
              <CardHeader>
                <CardTitle>Status history</CardTitle>
              </CardHeader>
              <CardBody>
                <StatusHistory history={history} />
              </CardBody>
            </Card>
          )}
        </div>
      </div>

      {/* The team's discussion and the deal's log, side by side on a wide screen. */}
      <div id="collaboration" className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <DealComments dealId={deal.id} members={members} />
        </div>
        <div className="min-w-0 space-y-6">
          {renderFollowUps?.(members)}
          <DealActivity dealId={deal.id} />
        </div>
      </div>
      {declineDialog}
    </div>
  );
}
