import { SignupFormSchema, USER_TYPE_LABELS, type UserType } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useAuth } from '../auth-provider';
import { PasswordStrengthMeter } from './password-strength-meter';
import { errorMessage } from '@/lib/api-client';

type FormInput = z.input<typeof SignupFormSchema>;
type FormOutput = z.output<typeof SignupFormSchema>;

export interface SignUpFormProps {
  role: UserType;
  onChangeRole?: () => void;
  footer?: React.ReactNode;
}

export function SignUpForm({ role, onChangeRole, footer }: SignUpFormProps) {
  const { signup } = useAuth();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const [password, name, email] = useWatch({ control, name: ['password', 'name', 'email'] });

  // The rule toasts of earlier tries: once the account is made they are no longer true.
  const [ruleToasts, setRuleToasts] = useState<number[]>([]);

  const onSubmit = async (values: FormOutput) => {
    try {
      await signup({ name: values.name, email: values.email, password: values.password, type: role });
      for (const id of ruleToasts) toast.dismiss(id);
      setRuleToasts([]);
      toast.success('Account created successfully!');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to create account'));
    }
  };

  // The spec's rules are also toasted, so they are seen even below the fold on a phone.
  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    const message = invalid.confirmPassword?.message ?? invalid.password?.message;
    if (message === 'Passwords do not match' || message?.startsWith('Password must be at least')) {
      const id = toast.error(message);
      setRuleToasts((ids) => [...ids, id]);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate className="space-y-4" aria-label="Create account">
      <div className="flex items-center justify-between rounded-lg bg-brand-50 px-3 py-2 text-sm">
        <span>
          Signing up as <strong className="text-brand-800">{USER_TYPE_LABELS[role]}</strong>
        </span>
        {onChangeRole ? (
          <button type="button" onClick={onChangeRole} className="font-semibold text-brand-700 hover:underline">
            Change account type
          </button>
        ) : null}
      </div>
      <Field label="Full name" error={errors.name?.message} required>
        {(ids) => <Input {...ids} autoComplete="name" required {...register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message} required>
        {(ids) => <Input {...ids} type="email" autoComplete="email" required placeholder="you@company.com" {...register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message} hint="At least 6 characters" required>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('password')} />}
      </Field>
      <PasswordStrengthMeter password={password} userInputs={[name, email]} />
      <Field label="Confirm password" error={errors.confirmPassword?.message} required>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('confirmPassword')} />}
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      {footer}
    </form>
  );
}
