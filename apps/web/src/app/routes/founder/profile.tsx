import { useNavigate } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container } from '@/components/layout/page';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-provider';
import { useSaveProfile, useProfile } from '@/features/founder-profile/api/profile';
import { emptyProfile, ProfileForm } from '@/features/founder-profile/components/profile-form';
import { StepHeader } from '@/features/founder-progress/components/step-header';
import { errorMessage } from '@/lib/api-client';

// Long enough to read the confirmation, short enough not to wait (spec: about a second).
const NEXT_STEP_DELAY_MS = 1000;

export default function FounderProfilePage() {
  const { user } = useAuth();
  const profile = useProfile();
  const save = useSaveProfile();
  const toast = useToast();
  const navigate = useNavigate();

  return (
    <Container className="max-w-4xl">
      <StepHeader step={1} percent={50} title="Company details" subtitle="Tell investors who you are. Fields marked * are required; the rest sharpen your score." />
      <QueryState query={profile} label="Loading your profile">
        {(data) => (
          <ProfileForm
            initial={data.profile ?? emptyProfile(user?.name ?? '')}
            submitLabel="Save and continue"
            onSubmit={async (values) => {
              try {
                await save.mutateAsync(values);
              } catch (err) {
                toast.error(errorMessage(err, 'Failed to save profile'));
                throw err;
              }
              toast.success('Profile saved');
              setTimeout(() => navigate(paths.founder.upload), NEXT_STEP_DELAY_MS);
            }}
          />
        )}
      </QueryState>
    </Container>
  );
}
