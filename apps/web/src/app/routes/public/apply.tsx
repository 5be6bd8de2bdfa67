import { GEOGRAPHIES, GEOGRAPHY_LABELS, readableTextOn, type ApplyBranding, type ApplyFund, type Geography } from '@fitscore/contracts';
import { AlertTriangle, CheckCircle2, Compass, Globe2, Layers, MapPin, Target } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { ApplyForm } from '@/features/apply/components/apply-form';
import { useApplyFund } from '@/features/apply/api/apply';
import { ApiError } from '@/lib/api-client';

const geographyLabel = (g: string) => ((GEOGRAPHIES as readonly string[]).includes(g) ? GEOGRAPHY_LABELS[g as Geography] : g);
const websiteHost = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/+$/, '');

/**
 * The page's brand colours from a fund's one colour (white-label): every `brand-*` class of the
 * page follows. Buttons carry white text, so a light colour is darkened for them until it reads.
 */
function brandStyle(color: string | null): CSSProperties | undefined {
  if (!color) return undefined;
  const strong = readableTextOn(color) === '#ffffff' ? color : `color-mix(in srgb, ${color} 55%, black)`;
  const mix = (share: number, with_: 'white' | 'black') => `color-mix(in srgb, ${color} ${share}%, ${with_})`;
  return {
    '--color-brand-50': mix(8, 'white'),
    '--color-brand-100': mix(16, 'white'),
    '--color-brand-200': mix(32, 'white'),
    '--color-brand-300': mix(50, 'white'),
    '--color-brand-500': color,
    '--color-brand-600': strong,
    '--color-brand-700': `color-mix(in srgb, ${strong} 85%, black)`,
    '--color-brand-800': `color-mix(in srgb, ${strong} 70%, black)`,
    '--color-brand-900': `color-mix(in srgb, ${strong} 55%, black)`,
  } as CSSProperties;
}

function Shell({ children, brand }: { children: ReactNode; brand?: ApplyBranding }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-white to-white" style={brandStyle(brand?.primaryColor ?? null)}>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        {children}
      </main>
      {brand && !brand.poweredBy ? null : (
        <footer className="flex items-center justify-center gap-2 py-6 text-xs text-slate-500">
          Applications are read and scored with
          <Logo className="text-xs [&_svg]:h-4 [&_svg]:w-4" />
        </footer>
      )}
    </div>
  );
}

function ThesisRow({ icon, label, values }: { icon: ReactNode; label: string; values: string[] }) {
  if (values.length === 0) return null;
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-brand-700" aria-hidden="true">
        {icon}
      </span>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className="mt-1 flex flex-wrap gap-1.5">
          {values.map((v) => (
            <span key={v} className="rounded-full bg-white px-2.5 py-0.5 text-sm text-slate-700 ring-1 ring-slate-200">
              {v}
            </span>
          ))}
        </dd>
      </div>
    </div>
  );
}

function FundHeader({ fund }: { fund: ApplyFund }) {
  return (
    <header className="space-y-6">
      <div>
        {fund.branding.logoUrl ? <img src={fund.branding.logoUrl} alt={`${fund.branding.displayName} logo`} className="mb-6 h-12 max-w-56 object-contain" /> : null}
        <p className="text-sm font-semibold text-brand-700">Apply for funding</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{fund.branding.displayName}</h1>
        {fund.website ? (
          <a
            href={/^https?:\/\//i.test(fund.website) ? fund.website : `https://${fund.website}`}
            target="_blank"
            rel="noreferrer noopener"
            className="mt-2 inline-flex items-center gap-1.5 text-sm text-slate-600 underline-offset-4 hover:text-brand-700 hover:underline"
          >
            <Globe2 className="h-4 w-4" aria-hidden="true" />
            {websiteHost(fund.website)}
          </a>
        ) : null}
        <p className="mt-4 max-w-2xl text-slate-600">
          Tell us about your company and share your deck. Every application is read and scored against our investment thesis,
          and we get back to founders whose company fits.
        </p>
      </div>
      <dl className="grid gap-4 rounded-2xl bg-brand-50/60 p-5 ring-1 ring-brand-100 sm:grid-cols-3">
        <ThesisRow icon={<Layers className="h-5 w-5" />} label="Sectors" values={fund.sectors} />
        <ThesisRow icon={<Target className="h-5 w-5" />} label="Stages" values={fund.stages} />
        <ThesisRow icon={<MapPin className="h-5 w-5" />} label="Geography" values={fund.geography.map(geographyLabel)} />
      </dl>
    </header>
  );
}

function Received({ fundName, reference }: { fundName: string; reference: string }) {
  return (
    <section className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12" aria-labelledby="received-title">
      <title>{`Application received · ${fundName}`}</title>
      <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
      <h1 id="received-title" className="mt-4 text-2xl font-bold text-slate-900">
        Thank you, your application is in
      </h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        {fundName} has received your company details and your deck. They will be in touch if there is a fit.
      </p>
      <p className="mt-6 text-sm text-slate-500">Your reference</p>
      <p className="mt-1 inline-block rounded-lg bg-slate-100 px-4 py-2 font-mono text-lg font-semibold tracking-wider text-slate-900">
        {reference}
      </p>
      <p className="mt-3 text-xs text-slate-500">Quote it if you write to the fund about this application.</p>
    </section>
  );
}

function Unavailable({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <section className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" role="alert">
      <title>Application form unavailable · FitScore</title>
      {onRetry ? (
        <AlertTriangle className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
      ) : (
        <Compass className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      )}
      <p className="mt-4 text-lg font-semibold text-slate-900">{message}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </section>
  );
}

/** A fund's public apply page (`/apply/{slug}`): no account needed; also embeddable in the fund's site. */
export default function ApplyPage() {
  const { slug = '' } = useParams();
  const fund = useApplyFund(slug);
  const [reference, setReference] = useState<string | null>(null);

  if (fund.isPending) return <PageLoader label="Loading the application form" />;
  if (fund.isError) {
    const status = fund.error instanceof ApiError ? fund.error.status : 0;
    const known = status === 404 || status === 410;
    return (
      <Shell>
        <Unavailable
          message={status === 404 ? 'This application form does not exist. Check the link the fund gave you.' : fund.error.message}
          {...(known ? {} : { onRetry: () => void fund.refetch() })}
        />
      </Shell>
    );
  }
  const { fund: info } = fund.data;
  const name = info.branding.displayName;
  return (
    <Shell brand={info.branding}>
      {reference ? (
        <Received fundName={name} reference={reference} />
      ) : (
        <div className="space-y-8">
          <title>{`Apply to ${name}`}</title>
          <FundHeader fund={info} />
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <ApplyForm
              slug={slug}
              fundName={name}
              onSubmitted={(ref) => {
                setReference(ref);
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        </div>
      )}
    </Shell>
  );
}
