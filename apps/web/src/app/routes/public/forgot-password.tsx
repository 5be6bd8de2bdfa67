import { Card, CardBody } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthPageFrame } from './auth-page-frame';

export default function ForgotPasswordPage() {
  return (
    <AuthPageFrame title="Forgot your password?" subtitle="Enter your account's email and we will send you a link to choose a new one.">
      <Card>
        <CardBody>
          <ForgotPasswordForm />
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
