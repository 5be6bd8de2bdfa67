import type { Fact } from '@fitscore/contracts';

export type ClaimStatus = 'current' | 'target' | 'historical';
export interface Claim extends Fact {
  status: ClaimStatus;
}
export const claimStatus = (c: Claim): ClaimStatus => c.status;
