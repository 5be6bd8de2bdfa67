import type { FitScoreView, Rubric } from '@fitscore/contracts';
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { DoNextList } from './do-next-list';
import { KeyInsights } from './key-insights';
import { KeyMetricsSummary } from './key-metrics-summary';
import { ScoreSummary } from './score-summary';
import { StrengthsList } from '@/components/ui/strengths-list';
import { SubScoreBreakdown } from './sub-score-breakdown';

export interface FitScoreReportProps {
  result: FitScoreView;
  /** The engine's rubric, for the 'How it's calculated' details; without it the short texts show. */
  rubric?: Rubric | undefined;
  /** Shown under the summary row, e.g. where the deck and the profile disagree. */
  notice?: ReactNode;
  /** The key metrics panel; by default the metrics the analysis found, each with its source. */
  metrics?: ReactNode;
  /** Beside the key metrics on wide screens, e.g. Similar Companies. */
  aside?: ReactNode;
}

/**
 * One FitScore report, laid out the same wherever it is read: the founder's dashboard, the
 * shared read-only page and, later, an investor's deal page. Each page adds its own parts
 * through the slots; the scored content and its order are the same everywhere.
 */
export function FitScoreReport({ result, rubric, notice, metrics, aside }: FitScoreReportProps) {
  const { analysis } = result;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardBody className="py-8">
            <ScoreSummary result={result} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Strengths</CardTitle>
          </CardHeader>
          <CardBody>
            <StrengthsList strengths={analysis.strengths} empty="No dimension stands out yet. The Do-Next list shows where to start." />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Top 3 Do-Next</CardTitle>
          </CardHeader>
          <CardBody>
            <DoNextList analysis={analysis} />
          </CardBody>
        </Card>
      </div>
      {notice}
      <Card>
        <CardBody className="space-y-5">
          <SubScoreBreakdown analysis={analysis} rubric={rubric} />
          <KeyInsights analysis={analysis} />
        </CardBody>
      </Card>
      <div className={cn('grid gap-6', aside ? 'xl:grid-cols-5' : null)}>
        <div className={aside ? 'xl:col-span-3' : undefined}>
          {metrics ?? (
            <Card>
              <CardHeader>
                <CardTitle>Key metrics</CardTitle>
              </CardHeader>
              <CardBody>
                <KeyMetricsSummary analysis={analysis} />
              </CardBody>
            </Card>
          )}
        </div>
        {aside ? <div className="xl:col-span-2">{aside}</div> : null}
      </div>
    </div>
  );
}
