import type { FitScoreResult, ReadabilityFinding } from '@fitscore/contracts';
import { BookOpen, Contrast, Hash, Type } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { plural } from '@/lib/plural';

const CHECKS: Record<ReadabilityFinding['check'], { label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }> = {
  words: { label: 'Too much text', icon: BookOpen },
  figures: { label: 'Too many figures', icon: Hash },
  smallText: { label: 'Text too small on a phone', icon: Type },
  contrast: { label: 'Low contrast', icon: Contrast },
};

/**
 * Readability advice per page (issue 32 point 4): what makes a slide hard to read on a laptop or a
 * phone, with what was measured. Advice only: the FitScore does not depend on it.
 */
export function ReadabilityCard({ result }: { result: FitScoreResult }) {
  const readability = result.analysis.readability;
  const byPage = new Map<number, ReadabilityFinding[]>();
  for (const f of readability?.findings ?? []) byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);
  const pages = [...byPage.entries()].sort(([a], [b]) => a - b);
  const measured = readability?.pages ?? [];
  const contrastPages = measured.filter((p) => p.lowestContrast !== null).length;
  const sizePages = measured.filter((p) => p.smallestTextPt !== null).length;

  return (
    <Card className="mt-6" role="region" aria-labelledby="readability-title">
      <CardHeader>
        <div>
          <CardTitle id="readability-title">Readability</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            How your slides read on a laptop and a phone. Advice only: it does not change your FitScore.
          </p>
        </div>
      </CardHeader>
      <CardBody>
        {!readability ? (
          <p className="text-sm text-slate-600">This score was made before readability advice existed. Score your deck again to see it.</p>
        ) : pages.length === 0 ? (
          <p className="text-sm text-slate-700">No readability problems found on your {plural(measured.length, 'page')}.</p>
        ) : (
          <ol className="space-y-4" aria-label="Readability advice by page">
            {pages.map(([page, findings]) => (
              <li key={page} className="rounded-xl border border-slate-200 p-4">
                <h3 className="text-sm font-semibold text-slate-900">Page {page}</h3>
                <ul className="mt-2 space-y-3">
                  {findings.map((f, i) => {
                    const { label, icon: Icon } = CHECKS[f.check];
                    return (
                      <li key={i} className="flex gap-3">
                        <Icon className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden={true} />
                        <div className="min-w-0">
                          <p className="text-sm font-medium text-slate-900">{label}</p>
                          <p className="break-words text-sm text-slate-700">{f.evidence}</p>
                          <p className="text-sm text-slate-600">{f.advice}</p>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {readability ? (
          <p className="mt-4 text-xs text-slate-500">
            Words and figures checked on all {plural(measured.length, 'page')}; text size on {sizePages} and contrast on {contrastPages} (as many as
            the scoring had time for).
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
