import type { InvestorBrief } from '@fitscore/contracts';

type Figure = InvestorBrief['traction'][number];
type Point = InvestorBrief['strengths'][number];

const pagesText = (pages: readonly number[]) => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.join(', ')}`);

/** The words that differ between the founder's view of their own brief and a fund's view of a deal's. */
export interface BriefWording {
  /** Where a figure from the founder's profile came from: 'your profile' / 'the founder's profile'. */
  profile: string;
  company: string;
  noOneLiner: string;
  noTraction: string;
  noAsk: string;
}

function Figures({ title, items, empty, profile }: { title: string; items: Figure[]; empty: string; profile: string }) {
  const where = (f: Figure) => (f.page ? `page ${f.page}` : f.source === 'profile' ? profile : 'derived');
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
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
      <h3 className={`text-xs font-semibold tracking-wide uppercase ${tone}`}>{title}</h3>
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

/**
 * The 30-second brief (issue 32 point 5): what the company does, traction and the ask in figures
 * with their pages, the three strongest points and the three biggest gaps. The founder sees it as
 * 'What an investor sees first'; a fund sees the same brief at the top of the deal page.
 */
export function InvestorBriefView({ brief, wording }: { brief: InvestorBrief; wording: BriefWording }) {
  return (
    <div className="space-y-5">
      <div>
        <p className="text-lg font-semibold text-slate-900">
          {brief.company ?? wording.company} <span className="text-sm font-normal text-slate-500">· {brief.stage}</span>
        </p>
        <p className="text-sm text-slate-700">{brief.whatItDoes ?? wording.noOneLiner}</p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <Figures title="Traction" items={brief.traction} empty={wording.noTraction} profile={wording.profile} />
        <Figures title="The ask" items={brief.ask} empty={wording.noAsk} profile={wording.profile} />
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <Points title="Strongest points" tone="text-emerald-700" items={brief.strengths} empty="No dimension scores 5 or more on deck evidence yet." />
        <Points title="Biggest gaps" tone="text-red-700" items={brief.gaps} empty="No gaps." />
      </div>
    </div>
  );
}
