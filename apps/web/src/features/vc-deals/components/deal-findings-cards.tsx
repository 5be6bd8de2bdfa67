import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import type { DealDetail } from '../api/deals';
import { StrengthsList } from '@/components/ui/strengths-list';
import { RisksAndRedFlags } from './deal-findings';

export function DealFindingsCards({
  analysis,
  onPage,
}: {
  analysis: NonNullable<DealDetail['analysis']>;
  onPage: (page: number) => void;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Strengths</CardTitle>
        </CardHeader>
        <CardBody>
          <StrengthsList strengths={analysis.strengths} empty="No dimension stands out." />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Risks &amp; red flags</CardTitle>
        </CardHeader>
        <CardBody>
          <RisksAndRedFlags analysis={analysis} onPage={onPage} />
        </CardBody>
      </Card>
    </div>
  );
}
