import type { DeckLink, DeckLinkViewer } from '@fitscore/contracts';
import { lazy, Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { dateTimeFormat, durationText } from '../lib/format';

const PageTimeChart = lazy(() => import('./page-time-chart'));

function ViewerCard({ viewer }: { viewer: DeckLinkViewer }) {
  const name = viewer.email ?? 'Viewer without an email';
  return (
    <Card role="article" aria-label={`Viewer ${name}`}>
      <CardHeader className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <CardTitle className="min-w-0 [overflow-wrap:anywhere]">{name}</CardTitle>
        <p className="text-xs text-slate-500">
          Opened {dateTimeFormat.format(new Date(viewer.opened_at))} · {durationText(viewer.total_ms)} in all
        </p>
      </CardHeader>
      <CardBody className="space-y-3">
        <Suspense fallback={<Spinner label="Loading the chart" />}>
          <PageTimeChart viewer={viewer} />
        </Suspense>
        <p className="text-sm text-slate-700">
          {viewer.skipped.length === 0 ? (
            'Every page was seen.'
          ) : (
            <>
              Pages skipped:{' '}
              <span data-testid="skipped-pages" className="font-medium">
                {viewer.skipped.join(', ')}
              </span>
            </>
          )}
        </p>
        <details className="text-sm text-slate-600">
          <summary className="cursor-pointer select-none">Time per page</summary>
          <table className="mt-2 w-full max-w-xs text-left">
            <thead>
              <tr className="text-xs text-slate-500">
                <th scope="col" className="py-1 font-medium">
                  Page
                </th>
                <th scope="col" className="py-1 font-medium">
                  Time
                </th>
              </tr>
            </thead>
            <tbody>
              {viewer.pages.map((p) => (
                <tr key={p.page} className="border-t border-slate-100">
                  <td className="py-1">{p.page}</td>
                  <td className="py-1 tabular-nums">{durationText(p.ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </CardBody>
    </Card>
  );
}

/** Who opened one link, when, and how long each page held them. */
export function DeckLinkViewers({ link, viewers }: { link: DeckLink; viewers: DeckLinkViewer[] }) {
  if (viewers.length === 0) {
    return (
      <Card>
        <CardBody>
          <p className="text-sm text-slate-600">
            {link.revoked_at ? 'Nobody opened this link before it was revoked.' : 'Nobody has opened this link yet. You will be told by email and here when someone does.'}
          </p>
        </CardBody>
      </Card>
    );
  }
  return (
    <section aria-label="Viewers" className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Badge tone="brand">{viewers.length === 1 ? '1 viewer' : `${viewers.length} viewers`}</Badge>
        Time counts only while a page is on screen; a page seen for under a second is skipped.
      </p>
      {viewers.map((v) => (
        <ViewerCard key={v.id} viewer={v} />
      ))}
    </section>
  );
}
