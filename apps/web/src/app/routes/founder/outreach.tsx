import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useFounderOutreach } from '@/features/founder-outreach/api/founder-outreach';
import { OutreachList } from '@/features/founder-outreach/components/outreach-list';

export default function FounderOutreachPage() {
  const outreach = useFounderOutreach();
  return (
    <Container className="max-w-4xl">
      <PageHeader
        title="Where your deck went"
        subtitle="Every fund your company reached through FitScore, and what each fund chose to share. Each fund scores with its own weights and keeps its notes to itself."
      />
      <QueryState query={outreach} label="Loading where your deck went">
        {(data) => (
          <div className="space-y-4">
            {data.emailVerified ? null : (
              <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
                Applications you sent by a fund’s form or by email show here once you confirm <strong className="font-semibold break-all">{data.email}</strong>: open the link we sent you.
              </p>
            )}
            {data.funds.length > 0 ? (
              <OutreachList rows={data.funds} />
            ) : (
              <Card>
                <CardBody className="flex flex-col items-start gap-3">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    <Send className="h-4 w-4 text-brand-600" aria-hidden="true" />
                    Your deck has not reached a fund yet.
                  </p>
                  <p className="text-sm text-slate-600">
                    Ask a matched fund for an intro from your dashboard, or apply on a fund’s page or by email from <span className="break-all">{data.email}</span>: each fund shows here with its answer.
                  </p>
                  <Button asChild size="sm">
                    <Link to={paths.founder.dashboard}>See your investor matches</Link>
                  </Button>
                </CardBody>
              </Card>
            )}
          </div>
        )}
      </QueryState>
    </Container>
  );
}
