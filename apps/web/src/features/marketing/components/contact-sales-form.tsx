import { ContactSalesSchema } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useContactSales, type ContactSalesSource } from '../api/contact-sales';
import { errorMessage } from '@/lib/api-client';

type FormInput = z.input<typeof ContactSalesSchema>;
type FormOutput = z.output<typeof ContactSalesSchema>;

const EMPTY: FormInput = { name: '', email: '', company: '', message: '' };

export interface ContactSalesFormProps {
  source: ContactSalesSource;
  /** Shows a Cancel button (in the modal); an inline form has nothing to cancel. */
  onCancel?: () => void;
  /** Called after the server stored the request. */
  onSent?: () => void;
  className?: string;
}

/**
 * Name, email and company (required) and a message, validated by the shared schema so the
 * browser and the server give the same messages. A failure keeps what was typed.
 */
export function ContactSalesForm({ source, onCancel, onSent, className }: ContactSalesFormProps) {
  const toast = useToast();
  const contactSales = useContactSales();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(ContactSalesSchema), defaultValues: EMPTY });

  const onSubmit = async (values: FormOutput) => {
    try {
      await contactSales.mutateAsync({ ...values, source });
      toast.success("Thanks! We'll reach out soon.");
      reset(EMPTY);
      onSent?.();
    } catch (err) {
      toast.error(
        errorMessage(err, 'We could not send your request. Please try again.'),
      );
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Contact Sales"
      className={cn('space-y-4', className)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          {(ids) => <Input {...ids} autoComplete="name" required {...register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(ids) => (
            <Input
              {...ids}
              type="email"
              autoComplete="email"
              required
              placeholder="you@fund.com"
              {...register('email')}
            />
          )}
        </Field>
      </div>
      <Field label="Company" error={errors.company?.message} required>
        {(ids) => <Input {...ids} autoComplete="organization" required {...register('company')} />}
      </Field>
      <Field label="Message" error={errors.message?.message} hint="Optional. Team size, tools you use, what you need.">
        {(ids) => <Textarea {...ids} rows={4} {...register('message')} />}
      </Field>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting} className={onCancel ? undefined : 'sm:w-auto'}>
          {isSubmitting ? 'Sending...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
