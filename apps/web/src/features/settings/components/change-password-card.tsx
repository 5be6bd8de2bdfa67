import { ChangePasswordFormSchema } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useChangePassword } from '../api/account-security';
import { errorMessage } from '@/lib/api-client';

type FormInput = z.input<typeof ChangePasswordFormSchema>;
type FormOutput = z.output<typeof ChangePasswordFormSchema>;

const EMPTY: FormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const toast = useToast();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = async (values: FormOutput) => {
    try {
      await changePassword.mutateAsync({ current_password: values.currentPassword, new_password: values.newPassword });
      reset(EMPTY);
      toast.success('Password updated successfully');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update password'));
    }
  };

  // The spec's rules are toasted too, so they are seen on a phone where the field may be off screen.
  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    const message = invalid.confirmPassword?.message ?? invalid.newPassword?.message;
    if (message === 'Passwords do not match' || message?.startsWith('Password must be at least')) toast.error(message);
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="rounded-xl bg-brand-50 p-2 text-brand-700">
            <KeyRound className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <CardTitle>Change password</CardTitle>
            <p className="mt-1 text-sm text-slate-600">
              Changing your password signs you out everywhere else. This device stays signed in.
            </p>
          </div>
        </div>
      </CardHeader>
      <CardBody>
        <form
          onSubmit={handleSubmit(onSubmit, onInvalid)}
          noValidate
          aria-label="Change password"
          className="grid max-w-xl gap-4"
        >
          <Field label="Current password" error={errors.currentPassword?.message} required>
            {(ids) => <Input {...ids} type="password" autoComplete="current-password" required {...register('currentPassword')} />}
          </Field>
          <Field label="New password" error={errors.newPassword?.message} hint="At least 6 characters" required>
            {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('newPassword')} />}
          </Field>
          <Field label="Confirm new password" error={errors.confirmPassword?.message} required>
            {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('confirmPassword')} />}
          </Field>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Updating...' : 'Update password'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
