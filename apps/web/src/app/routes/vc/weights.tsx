import type { ScoreWeights } from '@fitscore/contracts';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSaveInvestmentWeights, useVcProfile } from '@/features/vc-fund/api/fund-profile';
import { InvestmentWeightsForm } from '@/features/vc-fund/components/investment-weights-form';
import { investmentWeightsOf } from '@/features/vc-fund/lib/form-values';
import { errorMessage } from '@/lib/api-client';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { useFundRole } from '@/app/use-fund-role';

const BACK_TO = `${paths.vc.settings}?tab=scoring`;

/** The fund's whole scoring model: nine weights 1-10, saved only on Save. */
export default function VcWeightsPage() {
  const profile = useVcProfile();
  const save = useSaveInvestmentWeights();
  const toast = useToast();
  const navigate = useNavigate();
  const role = useFundRole();

  const onSave = async (weights: ScoreWeights) => {
    try {
      await save.mutateAsync(weights);
    } catch (err) {
      // The form keeps what the investor set; nothing claims it was saved.
      toast.error(errorMessage(err, 'Failed to save weights'));
      return;
    }
    toast.success('Investment weights updated successfully');
    navigate(BACK_TO);
  };

  return (
    <Container className="max-w-5xl">
      <PageHeader
        title="Investment Weights"
        subtitle="How much each of the nine FitScore dimensions counts for your fund, from 1 (barely) to 10 (most). Beside each: its share of a deal’s overall FitScore, the same figure Scoring Preferences shows."
        actions={
          <Button variant="secondary" size="sm" onClick={() => navigate(BACK_TO)}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back
          </Button>
        }
      />
      <Card>
        <CardBody className="sm:p-8">
          <QueryState query={profile} label="Loading your weights">
            {(data) => (
              <div className="space-y-6">
                {role.readOnly ? <AdminOnlyNote admins={role.admins} what="your fund's weights" /> : null}
                <InvestmentWeightsForm
                  initial={investmentWeightsOf(data.profile)}
                  onSave={onSave}
                  onCancel={() => navigate(BACK_TO)}
                  onReset={() => toast.info('Weights reset to default values')}
                  readOnly={role.readOnly}
                />
              </div>
            )}
          </QueryState>
        </CardBody>
      </Card>
    </Container>
  );
}
