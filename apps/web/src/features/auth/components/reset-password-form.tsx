import { PasswordResetFormSchema } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { confirmPasswordReset } from '../api';
import { PasswordStrengthMeter } from './password-strength-meter';

type FormInput = z.input<typeof PasswordResetFormSchema>;
type FormOutput = z.output<typeof PasswordResetFormSchema>;

/** Sets a new password with the token of a mailed reset link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const toast = useToast();
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PasswordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const password = useWatch({ control, name: 'password' });

  const onSubmit = async (values: FormOutput) => {
    try {
      await confirmPasswordReset(token, values.password);
      setDone(true);
    } catch (err) {
      const message = errorMessage(err, 'Could not change the password. Please try again.');
      // A refused password is the form's problem; anything else is the link's.
      if (err instanceof ApiError && err.code === 'validation_failed') setError('password', { message });
      else setLinkProblem(message);
      toast.error(message);
    }
  };

  if (done) {
    return (
      <div className="space-y-4 text-sm text-slate-700" role="status">
        <p className="text-base font-semibold text-slate-900">Your password has been changed</p>
        <p>For your safety every device was signed out. Sign in with your new password.</p>
        <Button asChild className="w-full">
          <Link to={paths.signin}>Sign in</Link>
        </Button>
      </div>
    );
  }

  if (linkProblem) {
    return (
      <div className="space-y-4 text-sm text-slate-700" role="alert">
        <p>{linkProblem}</p>
        <Button asChild className="w-full">
          <Link to={paths.forgotPassword}>Request a new link</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Choose a new password">
      <Field label="New password" error={errors.password?.message} hint="At least 6 characters" required>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('password')} />}
      </Field>
      <PasswordStrengthMeter password={password} />
      <Field label="Confirm new password" error={errors.confirmPassword?.message} required>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('confirmPassword')} />}
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
