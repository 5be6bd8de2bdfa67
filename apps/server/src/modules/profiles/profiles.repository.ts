import type { Database } from '@fitscore/db';
import { founderProfiles } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';

export function createProfilesRepository(db: Database) {
  return {
    get: async (userId: string) => {
      const [row] = await db.select().from(founderProfiles).where(eq(founderProfiles.userId, userId));
      return row;
    },
    upsert: async (userId: string, data: unknown) => {
      const [row] = await db
        .insert(founderProfiles)
        .values({ userId, data })
        .onConflictDoUpdate({ target: founderProfiles.userId, set: { data, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
