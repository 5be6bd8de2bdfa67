import { PasswordResetRequestBodySchema } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { requestPasswordReset } from '../api';

type FormInput = z.input<typeof PasswordResetRequestBodySchema>;
type FormOutput = z.output<typeof PasswordResetRequestBodySchema>;

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(PasswordResetRequestBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: FormOutput) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the link. Please try again.'));
    }
  };

  if (sentTo) {
    return (
      <div className="space-y-4 text-sm text-slate-700" role="status">
        <p className="text-base font-semibold text-slate-900">Check your inbox</p>
        <p>
          If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link to choose a new
          password. The link works once, for 30 minutes.
        </p>
        <p>No email after a few minutes? Check your spam folder, or try again.</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.signin}>Back to sign in</Link>
          </Button>
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Reset password">
      <Field label="Email" error={errors.email?.message} required>
        {(ids) => <Input {...ids} type="email" autoComplete="email" required placeholder="you@company.com" {...register('email')} />}
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={paths.signin} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
