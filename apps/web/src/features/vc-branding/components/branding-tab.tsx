import { BRANDING_MESSAGES, LOGO_TYPES, MAX_LOGO_BYTES, readableTextOn, type BrandingSettings, type FundBranding } from '@fitscore/contracts';
import { ExternalLink, ImagePlus, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { UpgradePrompt } from '@/components/ui/upgrade-prompt';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useBranding, useRemoveLogo, useSaveBranding, useUploadLogo } from '../api/branding';

const HEX = /^#[0-9a-f]{6}$/i;
const PRODUCT_COLOR = '#4f46e5';

/** The header of the apply page as it will look: logo or name on the brand's colour. */
function Preview({ name, color, logoUrl }: { name: string; color: string; logoUrl: string | null }) {
  const shown = HEX.test(color) ? color : PRODUCT_COLOR;
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-slate-200" aria-label="Preview of your apply page's header" role="img">
      <div className="flex h-14 items-center gap-3 px-4" style={{ background: shown, color: readableTextOn(shown) }}>
        {logoUrl ? <img src={logoUrl} alt="" className="h-8 max-w-40 object-contain" /> : null}
        <span className="truncate font-semibold">{name || 'Your fund'}</span>
      </div>
      <div className="space-y-2 bg-white p-4">
        <div className="h-2 w-2/3 rounded bg-slate-200" />
        <div className="h-2 w-1/2 rounded bg-slate-200" />
        <span className="inline-block rounded-lg px-3 py-1.5 text-xs font-semibold" style={{ background: shown, color: readableTextOn(shown) }}>
          Submit application
        </span>
      </div>
    </div>
  );
}

function LogoField({ branding, disabled }: { branding: FundBranding; disabled: boolean }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | undefined>();

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) return setError(BRANDING_MESSAGES.logoTooLarge);
    setError(undefined);
    upload.mutate(file, {
      onSuccess: () => toast.success('Logo uploaded'),
      // The server checks the bytes: its reason (not an image, too large) is shown by the field.
      onError: (err) => setError(errorMessage(err, 'Could not upload the logo')),
    });
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Logo
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-14 w-32 items-center justify-center rounded-lg bg-slate-50 ring-1 ring-slate-200">
          {branding.logoUrl ? <img src={branding.logoUrl} alt="Your logo" className="max-h-12 max-w-28 object-contain" /> : <span className="text-xs text-slate-500">No logo</span>}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={LOGO_TYPES.join(',')}
          className="sr-only"
          disabled={disabled || upload.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button type="button" variant="secondary" size="sm" disabled={disabled || upload.isPending} onClick={() => input.current?.click()}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : branding.logoUrl ? 'Replace logo' : 'Upload logo'}
        </Button>
        {branding.logoUrl ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled || remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success('Logo removed'), onError: (err) => toast.error(errorMessage(err, 'Could not remove the logo')) })}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove logo
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          PNG, JPEG or WebP, up to 256 KB. A wide logo on a transparent background looks best.
        </p>
      )}
    </div>
  );
}

function BrandingForm({ settings, readOnly }: { settings: BrandingSettings; readOnly: boolean }) {
  const { branding } = settings;
  const save = useSaveBranding();
  const toast = useToast();
  const hideId = useId();
  const [displayName, setDisplayName] = useState(branding.displayName);
  const [color, setColor] = useState(branding.primaryColor);
  const [hidePoweredBy, setHidePoweredBy] = useState(branding.hidePoweredBy);
  const [customHost, setCustomHost] = useState(branding.customHost);
  const [errors, setErrors] = useState<{ color?: string; host?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (color && !HEX.test(color)) return setErrors({ color: 'Colour must be a hex colour such as #1f6feb' });
    setErrors({});
    save.mutate(
      { displayName, primaryColor: color, hidePoweredBy, customHost },
      {
        onSuccess: () => toast.success('Branding saved'),
        onError: (err) => {
          const message = errorMessage(err, 'Could not save your branding');
          if (err instanceof ApiError && /host/i.test(message)) setErrors({ host: message });
          else if (err instanceof ApiError && /colou?r/i.test(message)) setErrors({ color: message });
          else toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[1fr_18rem]" aria-label="Branding" noValidate>
      <fieldset disabled={readOnly} className="min-w-0 space-y-5">
        <Field label="Display name" hint="Shown on your apply page and as the sender of your emails to founders. Empty: your fund's name.">
          {(ids) => <Input {...ids} value={displayName} maxLength={120} onChange={(e) => setDisplayName(e.target.value)} />}
        </Field>
        <Field label="Brand colour" error={errors.color} hint="Buttons and the header of your apply page and emails. Empty: FitScore's colours.">
          {(ids) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Colour picker"
                value={HEX.test(color) ? color : PRODUCT_COLOR}
                onChange={(e) => setColor(e.target.value)}
                className="h-10 w-12 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <Input {...ids} value={color} placeholder="#1f6feb" maxLength={7} className="max-w-36 font-mono" onChange={(e) => setColor(e.target.value.trim())} />
            </div>
          )}
        </Field>
        <LogoField branding={branding} disabled={readOnly} />
        <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
          <div>
            <label htmlFor={hideId} className="text-sm font-semibold text-slate-900">
              Hide &lsquo;Powered by FitScore&rsquo;
            </label>
            <p id={`${hideId}-text`} className="mt-1 text-sm text-slate-600">
              Your apply page and emails then carry only your brand.
            </p>
          </div>
          <Switch.Root
            id={hideId}
            checked={hidePoweredBy}
            onCheckedChange={setHidePoweredBy}
            aria-describedby={`${hideId}-text`}
            className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
          </Switch.Root>
        </div>
        <Field
          label="Your own host name"
          error={errors.host}
          hint="Serve your apply page at a host of your domain, e.g. apply.yourfund.com: point it at FitScore as the set-up guide says, then enter it here."
        >
          {(ids) => <Input {...ids} value={customHost} placeholder="apply.yourfund.com" autoCapitalize="off" spellCheck={false} onChange={(e) => setCustomHost(e.target.value)} />}
        </Field>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Branding'}
            </Button>
            <Button asChild variant="secondary">
              <a href={settings.applyPath} target="_blank" rel="noreferrer">
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                Open your apply page
              </a>
            </Button>
          </div>
        )}
      </fieldset>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">Preview</p>
        <Preview name={displayName} color={color} logoUrl={branding.logoUrl} />
      </div>
    </form>
  );
}

/** Settings → Branding: an Enterprise fund's name, colour, logo and host on its apply page and founder emails. */
export function BrandingTab({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  const query = useBranding();
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>Branding</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Your apply page and the emails founders get from you, under your own brand.</p>
      </CardHeader>
      <CardBody>
        <QueryState query={query} label="Loading your branding">
          {(settings) =>
            !settings.allowed ? (
              <UpgradePrompt title="White-label intake is an Enterprise feature" text={BRANDING_MESSAGES.enterpriseRequired} action="Contact Sales" to={paths.contact} label="Enterprise plan for white-label intake" />
            ) : (
              <>
                {readOnly ? <AdminOnlyNote admins={admins} what="your fund's branding" /> : null}
                <BrandingForm settings={settings} readOnly={readOnly} />
              </>
            )
          }
        </QueryState>
      </CardBody>
    </Card>
  );
}
