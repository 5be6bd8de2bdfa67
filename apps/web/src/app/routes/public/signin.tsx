import { Card, CardBody } from '@/components/ui/card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { AuthPageFrame } from './auth-page-frame';

export default function SignInPage() {
  return (
    <AuthPageFrame title="Sign in to FitScore" subtitle="Founders and investors use the same door. Pick your account type.">
      <Card>
        <CardBody>
          <SignInForm />
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
