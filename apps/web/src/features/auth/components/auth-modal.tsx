import type { UserType } from '@fitscore/contracts';
import { USER_TYPE_LABELS } from '@fitscore/contracts';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthMode = 'signin' | 'signup';

/**
 * The landing page's Sign In / Create Account modal. Switching modes remounts the form,
 * so nothing typed in one carries over to the other.
 */
export function AuthModal({
  open,
  onOpenChange,
  mode,
  onModeChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}) {
  const [role, setRole] = useState<UserType>('founder');
  const toggle = (next: AuthMode, text: string, action: string) => (
    <p className="text-center text-sm text-slate-600">
      {text}{' '}
      <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => onModeChange(next)}>
        {action}
      </button>
    </p>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'signin' ? 'Sign In' : 'Create Account'}
      description={mode === 'signin' ? 'Welcome back to FitScore.' : 'Start free. No credit card needed.'}
    >
      {mode === 'signin' ? (
        <SignInForm key="signin" footer={toggle('signup', 'New to FitScore?', 'Create Account')} />
      ) : (
        <div className="space-y-4">
          <fieldset className="grid grid-cols-2 gap-2" aria-label="Account type">
            {(['founder', 'vc'] as const).map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
              >
                <input type="radio" name="auth-modal-role" value={r} checked={role === r} onChange={() => setRole(r)} className="sr-only" />
                {USER_TYPE_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <SignUpForm key="signup" role={role} footer={toggle('signin', 'Already have an account?', 'Sign In')} />
        </div>
      )}
    </Dialog>
  );
}
