import { Card, CardBody } from '@/components/ui/card';
import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';
import { useLinkToken } from '@/features/auth/use-link-token';
import { AuthPageFrame } from './auth-page-frame';

export default function VerifyEmailPage() {
  const token = useLinkToken();
  return (
    <AuthPageFrame title="Confirm your email" subtitle="So we can reach you about your account, and you can always reset your password.">
      <Card>
        <CardBody>
          <VerifyEmailPanel token={token} />
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
