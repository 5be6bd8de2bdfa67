import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useLinkToken } from '@/features/auth/use-link-token';
import { AuthPageFrame } from './auth-page-frame';

export default function ResetPasswordPage() {
  const token = useLinkToken();
  return (
    <AuthPageFrame title="Choose a new password" subtitle="Pick one you do not use anywhere else.">
      <Card>
        <CardBody>
          {token ? (
            <ResetPasswordForm token={token} />
          ) : (
            <div className="space-y-4 text-sm text-slate-700" role="alert">
              <p>This link is incomplete. Open it again from the email, or ask for a new one.</p>
              <Button asChild className="w-full">
                <Link to={paths.forgotPassword}>Request a new link</Link>
              </Button>
            </div>
          )}
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
