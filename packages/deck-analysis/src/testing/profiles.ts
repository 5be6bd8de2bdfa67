import { FounderProfileSchema, type FounderProfile, type FounderProfileInput } from '@fitscore/contracts';

/** A valid founder profile for tests, with overrides. Test support only. */
export function makeProfile(over: Partial<FounderProfileInput> = {}): FounderProfile {
  return FounderProfileSchema.parse({
    startup_name: 'Acme Robotics',
    one_liner: 'Warehouse robots for small retailers',
    hq_geo: 'Berlin',
    industry: 'SaaS',
    round_target_amount: 2_000_000,
    founders: [{ name: 'Jane Doe', linkedin_url: 'https://www.linkedin.com/in/janedoe', commitment: 'Full-time' }],
    ...over,
  });
}
