import type { InvestorBrief } from '@fitscore/contracts';
import { Eye } from 'lucide-react';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useInvestorBrief } from '../api/versions';
import { pagesText } from './labels';

type Figure = InvestorBrief['traction'][number];
type Point = InvestorBrief['strengths'][number];

const where = (f: Figure) => (f.page ? `page ${f.page}` : f.source === 'profile' ? 'your profile' : 'derived');

function Figures({ title, items, empty }: { title: string; items: Figure[]; empty: string }) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          {items.map((f) => (
            <div key={f.key}>
              <dt className="text-xs text-slate-500">{f.label}</dt>
              <dd className="text-base font-semibold text-slate-900">
                {f.display} <span className="text-xs font-normal text-slate-500">({where(f)})</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function Points({ title, items, tone, empty }: { title: string; items: Point[]; tone: string; empty: string }) {
  return (
    <div>
      <h3 className={`text-xs font-semibold uppercase tracking-wide ${tone}`}>{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="mt-1 space-y-2 text-sm" aria-label={title}>
          {items.map((p) => (
            <li key={p.dimension}>
              <span className="font-medium text-slate-900">
                {p.label} {p.score}/10
              </span>
              <span className="text-slate-500">{p.pages.length > 0 ? ` · ${pagesText(p.pages)}` : ''}</span>
              <span className="block break-words text-slate-700">{p.text}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** 'What an investor sees first': the 30-second brief of the founder's latest score. */
export function InvestorBriefCard() {
  const brief = useInvestorBrief();
  if (brief.isPending || brief.data?.brief === null) return null;
  return (
    <Card className="mb-6" role="region" aria-labelledby="brief-title">
      <CardHeader>
        <div>
          <CardTitle id="brief-title" className="flex items-center gap-2">
            <Eye className="h-4 w-4 text-brand-600" aria-hidden="true" />
            What an investor sees first
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">The 30-second brief of your deck: each figure with the page it was read on.</p>
        </div>
      </CardHeader>
      <CardBody className="space-y-5">
        {brief.isError ? (
          <p role="alert" className="text-sm text-red-700">{errorMessage(brief.error, 'Could not load the brief.')}</p>
        ) : (
          <>
            <div>
              <p className="text-lg font-semibold text-slate-900">
                {brief.data.brief!.company ?? 'Your company'} <span className="text-sm font-normal text-slate-500">· {brief.data.brief!.stage}</span>
              </p>
              <p className="text-sm text-slate-700">{brief.data.brief!.whatItDoes ?? 'Add a one-liner to your profile: it is the first line an investor reads.'}</p>
            </div>
            <div className="grid gap-5 md:grid-cols-2">
              <Figures title="Traction" items={brief.data.brief!.traction} empty="No traction figures in your deck or profile." />
              <Figures title="The ask" items={brief.data.brief!.ask} empty="No raise amount: say how much you are raising." />
            </div>
            <div className="grid gap-5 md:grid-cols-2">
              <Points title="Strongest points" tone="text-emerald-700" items={brief.data.brief!.strengths} empty="No dimension scores 5 or more on deck evidence yet." />
              <Points title="Biggest gaps" tone="text-red-700" items={brief.data.brief!.gaps} empty="No gaps." />
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
