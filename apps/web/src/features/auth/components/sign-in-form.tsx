import { LoginBodySchema, USER_TYPE_LABELS, type LoginBody } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { discoverSso, ssoStartUrl } from '../api';
import { lastAccountType, useAuth } from '../auth-provider';

type FormInput = z.input<typeof LoginBodySchema>;
type FormOutput = z.output<typeof LoginBodySchema>;

export interface SignInFormProps {
  defaultType?: LoginBody['type'];
  /** Shown under the form; the landing modal swaps it for its own toggle. */
  footer?: React.ReactNode;
}

/** The second step when the account has two-factor on: a code from the authenticator app, or a recovery code. */
function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { completeTwoFactor } = useAuth();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter a code');
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await completeTwoFactor(challenge, code.trim());
      toast.success('Signed in successfully!');
    } catch (err) {
      const message = errorMessage(err, 'Invalid credentials');
      toast.error(message);
      // An expired or spent sign-in starts again from the password.
      if (err instanceof ApiError && err.code === 'two_factor_required') onRestart();
      else setError(message);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Two-factor sign in">
      <p className="text-sm text-slate-600">
        Your account has two-factor authentication on. Enter the 6-digit code from your authenticator app, or one of
        your recovery codes.
      </p>
      <Field label="Two-factor code" error={error} required>
        {(ids) => (
          <Input
            {...ids}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            placeholder="123456"
            className="font-mono tracking-widest"
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <button type="button" onClick={onRestart} className="w-full text-center text-sm font-semibold text-brand-700 hover:underline">
        Back to sign in
      </button>
    </form>
  );
}

/** Asks, once typing pauses, whether the email's domain signs in with single sign-on. */
function useSsoFor(email: string) {
  const [sso, setSso] = useState<{ email: string; required: boolean } | null>(null);
  useEffect(() => {
    const value = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      discoverSso(value, controller.signal)
        .then((found) => setSso(found.sso ? { email: value, required: found.required } : null))
        .catch(() => undefined);
    }, 350);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [email]);
  return sso && sso.email === email.trim().toLowerCase() ? sso : null;
}

/** The single sign-on path: shown when the email's domain belongs to a fund's identity provider. */
function SsoOffer({ email, required }: { email: string; required: boolean }) {
  return (
    <div role="status" className="space-y-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
      <p className="text-sm text-slate-700">
        {required
          ? 'Your fund requires single sign-on: continue with your company’s identity provider.'
          : 'Your fund signs in with its identity provider. Continue with SSO, or use your password below.'}
      </p>
      <Button asChild className="w-full" variant={required ? 'primary' : 'secondary'}>
        <a href={ssoStartUrl(email)}>Continue with SSO</a>
      </Button>
    </div>
  );
}

export function SignInForm({ defaultType, footer }: SignInFormProps) {
  const { login } = useAuth();
  const toast = useToast();
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { type: defaultType ?? lastAccountType() ?? 'founder', email: '', password: '' },
  });

  const onSubmit = async (values: FormOutput) => {
    try {
      // The page's RedirectIfSignedIn sends the user on once the session is set.
      const result = await login(values);
      if (result.status === 'two-factor') setChallenge(result.challenge);
      else toast.success('Signed in successfully!');
    } catch (err) {
      const message = errorMessage(err, 'Invalid credentials');
      // The password was right for an account of the other type (the server says so only then): said beside the select.
      if (err instanceof ApiError && err.code === 'wrong_account_type') setError('type', { message }, { shouldFocus: true });
      toast.error(message);
    }
  };

  const email = useWatch({ control, name: 'email' });
  const type = useWatch({ control, name: 'type' });
  const sso = useSsoFor(type === 'vc' ? email : '');

  if (challenge) return <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Sign in">
      <Field label="Account type" error={errors.type?.message} required>
        {(ids) => (
          <Select {...ids} {...register('type')}>
            <option value="founder">{USER_TYPE_LABELS.founder}</option>
            <option value="vc">{USER_TYPE_LABELS.vc}</option>
          </Select>
        )}
      </Field>
      <Field label="Email" error={errors.email?.message} required>
        {(ids) => <Input {...ids} type="email" autoComplete="email" required placeholder="you@company.com" {...register('email')} />}
      </Field>
      {sso ? <SsoOffer email={sso.email} required={sso.required} /> : null}
      <Field label="Password" error={errors.password?.message} required>
        {(ids) => <Input {...ids} type="password" autoComplete="current-password" required {...register('password')} />}
      </Field>
      <p className="-mt-2 text-right text-sm">
        <Link to={paths.forgotPassword} className="font-semibold text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      {footer ?? (
        <p className="text-center text-sm text-slate-600">
          New to FitScore?{' '}
          <Link to={paths.signup} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </p>
      )}
    </form>
  );
}
