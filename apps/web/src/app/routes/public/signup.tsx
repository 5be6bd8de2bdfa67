import { UserTypeSchema, type UserType } from '@fitscore/contracts';
import { Link, useSearchParams } from 'react-router';
import { Card, CardBody } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { RoleChooser } from '@/features/auth/components/role-chooser';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { AuthPageFrame } from './auth-page-frame';

/** Step 1 chooses Founder or Investor (VC), preselected by ?role=; step 2 is the form. */
export default function SignUpPage() {
  const [params, setParams] = useSearchParams();
  const parsed = UserTypeSchema.safeParse(params.get('role'));
  const role: UserType | null = parsed.success ? parsed.data : null;
  const choose = (next: UserType | null) => setParams(next ? { role: next } : {}, { replace: false });

  if (!role) {
    return (
      <AuthPageFrame wide title="Create your FitScore account" subtitle="Step 1 of 2: how will you use FitScore?">
        <RoleChooser onChoose={choose} />
        <p className="mt-6 text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to={paths.signin} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </AuthPageFrame>
    );
  }
  return (
    <AuthPageFrame title="Create your FitScore account" subtitle="Step 2 of 2: your details">
      <Card>
        <CardBody>
          <SignUpForm
            key={role}
            role={role}
            onChangeRole={() => choose(null)}
            footer={
              <p className="text-center text-sm text-slate-600">
                Already have an account?{' '}
                <Link to={paths.signin} className="font-semibold text-brand-700 hover:underline">
                  Sign in
                </Link>
              </p>
            }
          />
        </CardBody>
      </Card>
    </AuthPageFrame>
  );
}
