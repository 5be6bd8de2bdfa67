import type { ReactNode } from 'react';
import { Container } from '@/components/layout/page';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A policy page: title, date and summary, then numbered sections with an index beside them. */
export function LegalDocument({
  title,
  updated,
  summary,
  sections,
}: {
  title: string;
  updated: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <div className="bg-white">
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-3 text-sm text-slate-500">Last updated {updated}</p>
          <div className="mt-6 max-w-3xl text-lg leading-relaxed text-slate-600">{summary}</div>
        </Container>
      </div>
      <Container className="grid gap-12 py-12 sm:py-16 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</p>
            <ol className="mt-4 space-y-1 border-l border-slate-200 text-sm">
              {sections.map((section, i) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1 pl-4 text-slate-600 hover:border-brand-600 hover:text-slate-900"
                  >
                    {i + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="max-w-3xl space-y-12 text-[15px] leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_li]:pl-1 [&_p+p]:mt-4 [&_p+ul]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ul+p]:mt-4">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="mb-4 text-xl font-semibold text-slate-900">
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </Container>
    </div>
  );
}

/** A mailto link that shows the address itself. */
export function MailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
