import { Card, CardBody } from '@/components/ui/card';
import { SsoCallbackPanel } from '@/features/auth/components/sso-callback-panel';
import { AuthPageFrame } from './auth-page-frame';

export default function SsoCallbackPage() {
  return (
    <AuthPageFrame title="Single sign-on" subtitle="Your identity provider has signed you in.">
      <Card>
        <CardBody>
          <SsoCallbackPanel />
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
