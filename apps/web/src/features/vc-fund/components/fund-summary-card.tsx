import { formatMoney, GEOGRAPHY_LABELS, PREFERENCE_KEYS, PREFERENCE_LABELS, preferencesFromProfile, type VcFundProfile } from '@fitscore/contracts';
import { Building2, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';

function ticketRange(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'Open';
  if (min !== null && max !== null) return min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;
  return min !== null ? `From ${formatMoney(min)}` : `Up to ${formatMoney(max!)}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase sm:pt-1">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const chips = (items: readonly string[], empty: string) =>
  items.length ? (
    <div className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <Badge key={item} tone="neutral">
          {item}
        </Badge>
      ))}
    </div>
  ) : (
    <span className="text-sm text-slate-500">{empty}</span>
  );

/** The fund's thesis and how it weighs a deal, as the server holds them. */
export function FundSummaryCard({ profile, editTo, weightsTo }: { profile: VcFundProfile; editTo: string; weightsTo: string }) {
  // Bars are drawn against the largest share so differences stay visible.
  const shares = preferencesFromProfile(profile.scoringPreferences);
  const largest = Math.max(1, ...PREFERENCE_KEYS.map((k) => shares[k]));
  return (
    <Card>
      <CardHeader className="flex-col sm:flex-row">
        <div className="flex min-w-0 items-start gap-3">
          <span className="rounded-xl bg-brand-50 p-2 text-brand-700" aria-hidden="true">
            <Building2 className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <CardTitle className="text-lg break-words">{profile.fundName || 'Your fund'}</CardTitle>
            {profile.website ? <p className="truncate text-sm text-slate-600">{profile.website}</p> : <p className="text-sm text-slate-600">Your investment thesis</p>}
          </div>
        </div>
        <Button asChild variant="secondary" size="sm">
          <Link to={editTo}>
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
            Edit in Settings
          </Link>
        </Button>
      </CardHeader>
      <CardBody className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <dl className="space-y-4">
          <Row label="Sectors">{chips(profile.sectors, 'None chosen')}</Row>
          <Row label="Stages">{chips(profile.stages, 'None chosen')}</Row>
          <Row label="Geography">{chips(profile.geography.map((g) => GEOGRAPHY_LABELS[g]), 'Anywhere')}</Row>
          <Row label="Ticket size">
            <span className="text-sm font-semibold text-slate-900">{ticketRange(profile.ticketSizeMin, profile.ticketSizeMax)}</span>
          </Row>
        </dl>
        <section aria-labelledby="fund-weights-title" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h3 id="fund-weights-title" className="text-sm font-semibold text-slate-900">
              Scoring weights
            </h3>
            <Link to={weightsTo} className="text-xs font-semibold text-brand-700 hover:underline">
              All nine weights
            </Link>
          </div>
          <ul className="space-y-2">
            {PREFERENCE_KEYS.map((key) => (
              <li key={key} className="grid grid-cols-[7.5rem_1fr_2.5rem] items-center gap-2 text-sm">
                <span className="truncate text-slate-700">{PREFERENCE_LABELS[key]}</span>
                <span className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-brand-600" style={{ width: `${(shares[key] / largest) * 100}%` }} />
                </span>
                <span className="text-right font-semibold text-slate-900 tabular-nums">{shares[key]}%</span>
              </li>
            ))}
          </ul>
        </section>
      </CardBody>
    </Card>
  );
}
