import { randomUUID } from 'node:crypto';
import { BRANDING_MESSAGES, type ApplyBranding, type BrandingSettings, type FundBranding, type SaveBrandingBody } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { brandedEmailHtml } from './branded-email.ts';
import type { BrandedFund, BrandingRepository } from './branding.repository.ts';

export interface BrandingDeps {
  repo: BrandingRepository;
  blobs: BlobStore;
  /** Where the API is reached from outside: logo addresses in pages and emails are absolute. */
  publicApiUrl: string;
  /** The product's own host names: a fund cannot claim them. */
  ownHosts: readonly string[];
}

/** A fund's brand as its founders see it: only on the Enterprise plan, and only what was set. */
export interface AppliedBrand {
  displayName: string;
  primaryColor: string | null;
  logoUrl: string | null;
  poweredBy: boolean;
}

/** How long a host → fund answer is kept per process (a host changed in Settings is served within this). */
const HOST_CACHE_MS = 15_000;

/**
 * White-label intake (issue 33 point 4): the display name, colour, logo and host name an
 * Enterprise fund gives its public apply page and its emails to founders. Saved on any plan by an
 * admin of an Enterprise fund; applied only while the fund is on Enterprise.
 */
export function createBrandingService({ repo, blobs, publicApiUrl, ownHosts }: BrandingDeps) {
  const api = publicApiUrl.replace(/\/$/, '');
  const enterprise = (fund: BrandedFund) => fund.plan === 'enterprise';
  const logoUrlOf = (fund: BrandedFund) =>
    fund.branding?.logoKey ? `${api}/api/apply/${encodeURIComponent(fund.slug)}/logo?v=${fund.branding.updatedAt.getTime()}` : null;

  function view(fund: BrandedFund): FundBranding {
    const b = fund.branding;
    return {
      displayName: b?.displayName ?? '',
      primaryColor: b?.primaryColor ?? '',
      logoUrl: logoUrlOf(fund),
      hidePoweredBy: b?.hidePoweredBy ?? false,
      customHost: b?.customHost ?? '',
      updatedAt: b ? b.updatedAt.toISOString() : null,
    };
  }

  async function fundOf(fundId: string | null): Promise<BrandedFund> {
    const fund = fundId ? await repo.fund(fundId) : undefined;
    if (!fund) throw new AppError('conflict', 'Please complete your fund profile first');
    return fund;
  }

  async function settings(fundId: string | null): Promise<BrandingSettings> {
    const fund = await fundOf(fundId);
    return { branding: view(fund), allowed: enterprise(fund), applyPath: `/apply/${fund.slug}` };
  }

  /** Changes are for Enterprise funds only (402 with the upgrade message otherwise). */
  async function editable(fundId: string | null): Promise<BrandedFund> {
    const fund = await fundOf(fundId);
    if (!enterprise(fund)) throw new AppError('plan_limit', BRANDING_MESSAGES.enterpriseRequired);
    return fund;
  }

  function applied(fund: BrandedFund): AppliedBrand {
    const b = enterprise(fund) ? fund.branding : null;
    return {
      displayName: b?.displayName || fund.fundName,
      primaryColor: b?.primaryColor || null,
      logoUrl: b ? logoUrlOf(fund) : null,
      poweredBy: !b?.hidePoweredBy,
    };
  }

  const hosts = new Map<string, { fund: BrandedFund | undefined; until: number }>();
  async function fundByHost(host: string): Promise<BrandedFund | undefined> {
    const key = host.toLowerCase();
    const cached = hosts.get(key);
    if (cached && cached.until > Date.now()) return cached.fund;
    const fund = await repo.fundByHost(key);
    const served = fund && enterprise(fund) ? fund : undefined;
    if (hosts.size > 10_000) hosts.clear();
    hosts.set(key, { fund: served, until: Date.now() + HOST_CACHE_MS });
    return served;
  }

  return {
    settings,

    async save(fundId: string | null, userId: string, body: SaveBrandingBody) {
      const fund = await editable(fundId);
      const host = (body.customHost ?? '').trim().toLowerCase();
      if (host && ownHosts.includes(host)) throw new AppError('bad_request', BRANDING_MESSAGES.hostIsOurs);
      if (host && (await repo.hostTaken(fund.id, host))) throw new AppError('conflict', BRANDING_MESSAGES.hostTaken);
      await repo.save(fund.id, userId, {
        displayName: body.displayName.trim(),
        primaryColor: body.primaryColor.trim().toLowerCase(),
        hidePoweredBy: body.hidePoweredBy,
        customHost: host || null,
      });
      hosts.clear();
      return settings(fund.id);
    },

    async uploadLogo(fundId: string | null, userId: string, logo: { bytes: Uint8Array; type: string }) {
      const fund = await editable(fundId);
      const key = `branding/${fund.id}/${randomUUID()}`;
      await blobs.put(key, logo.bytes);
      const replaced = await repo.setLogo(fund.id, userId, { key, type: logo.type });
      if (replaced) await blobs.delete(replaced);
      return settings(fund.id);
    },

    async deleteLogo(fundId: string | null, userId: string) {
      const fund = await fundOf(fundId);
      const replaced = await repo.setLogo(fund.id, userId, null);
      if (replaced) await blobs.delete(replaced);
      return settings(fund.id);
    },

    /** The logo an apply page or email shows: 404 when the fund has none or is not on Enterprise. */
    async logo(slug: string): Promise<{ bytes: Uint8Array; type: string; etag: string }> {
      const fund = await repo.fundBySlug(slug);
      const b = fund && enterprise(fund) ? fund.branding : null;
      if (!b?.logoKey || !b.logoType) throw new AppError('not_found', BRANDING_MESSAGES.noLogo);
      return { bytes: await blobs.get(b.logoKey), type: b.logoType, etag: `"${b.logoKey.split('/').pop()}"` };
    },

    /** The apply page a fund serves under its own host name. */
    async byHost(host: string) {
      const fund = await fundByHost(host);
      if (!fund) throw new AppError('not_found', BRANDING_MESSAGES.unknownHost);
      return { slug: fund.slug };
    },

    /** Whether `origin` (scheme://host[:port]) is an Enterprise fund's own apply host: its page may call the apply endpoints. */
    async isApplyOrigin(origin: string): Promise<boolean> {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return false;
      }
      return (await fundByHost(host)) !== undefined;
    },

    /** What the apply page shows of the fund's brand (the product's defaults when it is not Enterprise). */
    async forApplyPage(fundId: string): Promise<ApplyBranding> {
      return applied(await fundOf(fundId));
    },

    /** The name the fund's emails to founders come from and sign with: its display name, else its fund name. */
    async senderName(fundId: string): Promise<string> {
      const fund = await repo.fund(fundId);
      return fund ? applied(fund).displayName : '';
    },

    /**
     * How an email the fund sends a founder goes out: from its display name (its fund name without
     * a brand) and, on Enterprise with a brand set, with an HTML part in its colours and logo.
     */
    async emailFor(fundId: string, text: string): Promise<{ fromName: string; html?: string }> {
      const fund = await repo.fund(fundId);
      if (!fund) return { fromName: '' };
      const brand = applied(fund);
      return enterprise(fund) && fund.branding ? { fromName: brand.displayName, html: brandedEmailHtml(brand, text) } : { fromName: brand.displayName };
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
