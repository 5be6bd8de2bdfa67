import type { TwoFactorSetup } from '@fitscore/contracts';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/account-security';
import { formatDate } from '../lib/format';
import { QueryState } from './query-state';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** The Base32 key in groups of four, as authenticator apps show and accept it. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const text = `FitScore recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;

  const onCopy = async () => {
    if (await copyText(codes.join('\n'))) toast.success('Recovery codes copied');
    else toast.error('Could not copy. Select the codes and copy them instead.');
  };
  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'fitscore-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-800">
        Two-factor authentication is on. Save these recovery codes somewhere safe: each one signs you in once if you
        lose your phone. They won’t be shown again.
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy codes
        </Button>
        <Button variant="secondary" size="sm" onClick={onDownload}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download codes
        </Button>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          I’ve saved my codes
        </Button>
      </div>
    </div>
  );
}

function SetupSteps({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const toast = useToast();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(undefined);
    try {
      const result = await enable.mutateAsync(trimmed);
      toast.success('Two-factor authentication enabled');
      onEnabled(result.recovery_codes);
    } catch (err) {
      setError(errorText(err, 'Could not turn on two-factor authentication'));
    }
  };

  const onCopyKey = async () => {
    if (await copyText(setup.secret)) toast.success('Setup key copied');
    else toast.error('Could not copy. Select the key and copy it instead.');
  };

  return (
    <div className="space-y-5">
      <ol className="space-y-5 text-sm text-slate-700">
        <li>
          <p className="font-medium text-slate-900">1. Scan this QR code with your authenticator app</p>
          <p className="mt-1 text-slate-600">Google Authenticator, Microsoft Authenticator, 1Password, Authy and others work.</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
            alt="QR code to add FitScore to your authenticator app"
            className="mx-auto mt-3 h-44 w-44 rounded-lg border border-slate-200 p-1"
          />
        </li>
        <li>
          <p className="font-medium text-slate-900">Can’t scan it? Enter this key instead</p>
          <div className="mt-2 flex items-center gap-2">
            <code aria-label="Setup key" className="flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-words text-slate-900">
              {groupKey(setup.secret)}
            </code>
            <Button variant="secondary" size="icon" onClick={onCopyKey} aria-label="Copy setup key">
              <Copy className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </li>
      </ol>
      <form onSubmit={onSubmit} noValidate aria-label="Verify authenticator code" className="space-y-3">
        <Field label="2. Enter the 6-digit code from the app" error={error} required>
          {(ids) => (
            <Input
              {...ids}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              placeholder="123456"
              className="max-w-40 font-mono tracking-widest"
            />
          )}
        </Field>
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Verifying...' : 'Verify and turn on'}
        </Button>
      </form>
    </div>
  );
}

interface SetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Started by the button that opens the dialog, so the secret is requested once per opening. */
  start: ReturnType<typeof useStartTwoFactorSetup>;
}

function SetupDialog({ open, onOpenChange, start }: SetupDialogProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const close = () => {
    onOpenChange(false);
    setRecoveryCodes(null);
    start.reset();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={recoveryCodes ? 'Save your recovery codes' : 'Set up two-factor authentication'}
      description={recoveryCodes ? undefined : 'Sign-ins will ask for a code from your phone after your password.'}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={close} />
      ) : start.data ? (
        <SetupSteps setup={start.data} onEnabled={setRecoveryCodes} />
      ) : start.error ? (
        <QueryState error={start.error} onRetry={() => start.mutate()} label="setup" />
      ) : (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner label="Preparing setup" />
        </div>
      )}
    </Dialog>
  );
}

function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const close = () => {
    onOpenChange(false);
    setPassword('');
    setCode('');
    setErrors({});
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      ...(password ? {} : { password: 'Password is required' }),
      ...(code.trim() ? {} : { code: 'Enter a code' }),
    };
    setErrors(next);
    if (next.password || next.code) return;
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      toast.success('Two-factor authentication disabled');
      close();
    } catch (err) {
      toast.error(errorText(err, 'Could not turn off two-factor authentication'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Turn off two-factor authentication"
      description="Confirm with your password and a code from your authenticator app or a recovery code."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor authentication" className="space-y-4">
        <Field label="Password" error={errors.password} required>
          {(ids) => (
            <Input {...ids} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label="Authentication or recovery code" error={errors.code} required>
          {(ids) => (
            <Input {...ids} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} className="font-mono" />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn off'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const [setupOpen, setSetupOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const enabled = status.data?.enabled ?? false;

  return (
    <Card>
      <CardHeader className="flex-col sm:flex-row">
        <div className="flex items-start gap-3">
          <span className={enabled ? 'rounded-xl bg-emerald-50 p-2 text-emerald-700' : 'rounded-xl bg-slate-100 p-2 text-slate-600'}>
            {enabled ? <ShieldCheck className="h-5 w-5" aria-hidden="true" /> : <ShieldOff className="h-5 w-5" aria-hidden="true" />}
          </span>
          <div>
            <CardTitle className="flex flex-wrap items-center gap-2">
              Two-factor authentication
              {status.data ? (
                <Badge tone={enabled ? 'green' : 'neutral'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
              ) : null}
            </CardTitle>
            <p className="mt-1 text-sm text-slate-600">
              Ask for a code from an authenticator app on your phone whenever you sign in.
            </p>
          </div>
        </div>
        {status.data ? (
          enabled ? (
            <Button variant="secondary" size="sm" className="shrink-0" onClick={() => setDisableOpen(true)}>
              Turn off
            </Button>
          ) : (
            <Button
              size="sm"
              className="shrink-0"
              onClick={() => {
                setSetupOpen(true);
                start.mutate();
              }}
            >
              Set up two-factor
            </Button>
          )
        ) : null}
      </CardHeader>
      <CardBody>
        {status.data ? (
          enabled ? (
            <p className="text-sm text-slate-600">
              On since {status.data.enabled_at ? formatDate(status.data.enabled_at) : 'today'} ·{' '}
              {status.data.recovery_codes_remaining} of 10 recovery codes left
            </p>
          ) : (
            <p className="text-sm text-slate-600">Your account is protected by your password only.</p>
          )
        ) : (
          <QueryState error={status.error} onRetry={() => void status.refetch()} label="two-factor settings" />
        )}
      </CardBody>
      <SetupDialog open={setupOpen} onOpenChange={setSetupOpen} start={start} />
      <DisableDialog open={disableOpen} onOpenChange={setDisableOpen} />
    </Card>
  );
}
