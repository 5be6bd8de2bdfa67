import { Eye } from 'lucide-react';
import { InvestorBriefView } from '@/components/brief/investor-brief-view';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useInvestorBrief } from '../api/versions';

const FOUNDER_WORDING = {
  profile: 'your profile',
  company: 'Your company',
  noOneLiner: 'Add a one-liner to your profile: it is the first line an investor reads.',
  noTraction: 'No traction figures in your deck or profile.',
  noAsk: 'No raise amount: say how much you are raising.',
};

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
          <p className="mt-1 text-sm text-slate-600">
            Built from your latest score, which also reads your profile. A fund that receives only your deck reads the deck alone,
            without the figures marked ‘your profile’, and ranks it with its own weights.
          </p>
        </div>
      </CardHeader>
      <CardBody className="space-y-5">
        {brief.isError ? (
          <p role="alert" className="text-sm text-red-700">{errorMessage(brief.error, 'Could not load the brief.')}</p>
        ) : (
          <InvestorBriefView brief={brief.data.brief!} wording={FOUNDER_WORDING} />
        )}
      </CardBody>
    </Card>
  );
}
