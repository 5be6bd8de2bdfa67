import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * White-label intake for Enterprise funds (issue 33 point 4): the public apply page and the emails
 * the fund sends to founders carry the fund's display name, logo and colour; 'Powered by FitScore'
 * can be hidden; the apply page can be served under the fund's own host name.
 */
export const BRANDING_MESSAGES = {
  enterpriseRequired: 'White-label intake is part of the Enterprise plan. Contact sales to add it to your fund.',
  logoTooLarge: 'The logo must be at most 256 KB.',
  logoType: 'The logo must be a PNG, JPEG or WebP image.',
  logoMissing: 'Please choose a logo image.',
  hostTaken: 'Another fund already uses this host name.',
  hostIsOurs: 'This host name is the product’s own: use a host name of your fund’s domain.',
  noLogo: 'This fund has no logo.',
  unknownHost: 'No fund’s apply page is served under this host name.',
} as const;

/** Largest logo accepted, checked while the upload is read. */
export const MAX_LOGO_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** A host name as a browser sends it in `Host` (lower case, no scheme or path), with a port only for local set-ups. */
const HOST_NAME =
  /^(?=.{1,253}(?::\d{1,5})?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/;

export const SaveBrandingBodySchema = z.object({
  displayName: z.string().trim().max(120, 'Display name must be at most 120 characters'),
  primaryColor: z
    .string()
    .trim()
    .refine((v) => v === '' || HEX_COLOR.test(v), 'Colour must be a hex colour such as #1f6feb')
    .transform((v) => v.toLowerCase()),
  hidePoweredBy: z.boolean(),
  customHost: z
    .string()
    .trim()
    .toLowerCase()
    .max(260, 'Host name must be at most 260 characters')
    .refine(
      (v) => v === '' || HOST_NAME.test(v),
      'Host name must be a plain host such as apply.yourfund.com (no https:// or path)',
    ),
});
export type SaveBrandingBody = z.input<typeof SaveBrandingBodySchema>;

export const FundBrandingSchema = z
  .object({
    /** Shown instead of the fund's name on the apply page and as the sender of founder emails; '' = the fund's name. */
    displayName: z.string(),
    /** '#rrggbb', or '' for the product's own colours. */
    primaryColor: z.string(),
    /** Where the logo is served (public), or null when none was uploaded. */
    logoUrl: z.string().nullable(),
    hidePoweredBy: z.boolean(),
    /** The fund's own host name for its apply page, or ''. */
    customHost: z.string(),
    updatedAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'FundBranding' });
export type FundBranding = z.infer<typeof FundBrandingSchema>;

export const BrandingSettingsSchema = z.object({
  branding: FundBrandingSchema,
  /** The fund's plan includes white-label intake (Enterprise): saved branding is applied only then. */
  allowed: z.boolean(),
  /** The fund's apply page path, to preview it. */
  applyPath: z.string(),
});
export type BrandingSettings = z.infer<typeof BrandingSettingsSchema>;

/** What a public apply page shows of the fund's brand (the product's defaults when it has none or is not Enterprise). */
export const ApplyBrandingSchema = z
  .object({
    displayName: z.string(),
    primaryColor: z.string().nullable(),
    logoUrl: z.string().nullable(),
    poweredBy: z.boolean(),
  })
  .meta({ id: 'ApplyBranding' });
export type ApplyBranding = z.infer<typeof ApplyBrandingSchema>;

const HostParamsSchema = z.object({ host: z.string().min(1).max(260) });
const SlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });

export const brandingEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/vc/branding',
    access: 'fund:member',
    summary: "The fund's white-label settings (members read them; admins change them)",
    tags: ['branding'],
    response: BrandingSettingsSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/branding',
    access: 'fund:admin',
    summary:
      'Saves the display name, colour, host name and Powered by choice (402 without the Enterprise plan; 409 for a host another fund uses)',
    tags: ['branding'],
    body: SaveBrandingBodySchema,
    response: BrandingSettingsSchema,
  }),
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: '/api/vc/branding/logo',
    access: 'fund:admin',
    summary: 'Uploads the logo (multipart, field `file`; PNG, JPEG or WebP up to 256 KB, checked by content)',
    tags: ['branding'],
    upload: { field: 'file' },
    response: BrandingSettingsSchema,
  }),
  deleteLogo: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/branding/logo',
    access: 'fund:admin',
    summary: 'Removes the logo',
    tags: ['branding'],
    response: BrandingSettingsSchema,
  }),
  logo: defineEndpoint({
    method: 'GET',
    path: '/api/apply/:slug/logo',
    access: 'public',
    summary: "The fund's logo as its apply page and emails show it (404 when it has none or is not Enterprise)",
    tags: ['branding'],
    params: SlugParamsSchema,
    binary: { contentType: 'image/png' },
    response: z.string(),
  }),
  byHost: defineEndpoint({
    method: 'GET',
    path: '/api/apply-host/:host',
    access: 'public',
    summary: 'The apply page served under a host name (a fund’s own domain): its slug, or 404',
    tags: ['branding'],
    params: HostParamsSchema,
    response: z.object({ slug: z.string() }),
  }),
} as const;

/** WCAG relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black, whichever reads better on the brand colour (WCAG contrast). */
export function readableTextOn(hex: string): '#ffffff' | '#111827' {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111827') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
}
