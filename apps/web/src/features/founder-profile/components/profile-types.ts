import type { FounderProfileSchema } from '@fitscore/contracts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export type ProfileInput = z.input<typeof FounderProfileSchema>;
export type ProfileForm = UseFormReturn<ProfileInput, unknown, z.output<typeof FounderProfileSchema>>;
