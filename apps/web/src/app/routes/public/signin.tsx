import { ssoSignInErrorMessage } from '@fitscore/contracts';
import { useSearchParams } from 'react-router';
import { Card, CardBody } from '@/components/ui/card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { AuthPageFrame } from './auth-page-frame';

export default function SignInPage() {
  // A single sign-on that ended back here says why (the identity provider refused, the link expired…).
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  const ssoError = code ? ssoSignInErrorMessage(code, params.get('sso_reason')) : null;
  return (
    <AuthPageFrame title="Sign in to FitScore" subtitle="Founders and investors use the same door. Pick your account type.">
      <Card>
        <CardBody>
          {ssoError ? (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
              {ssoError}
            </p>
          ) : null}
          <SignInForm {...(ssoError ? { defaultType: 'vc' as const } : {})} />
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
