/**
 * Browser-stored values (spec section 3). They are a cache: the server is the source of
 * truth, and every flag here is rewritten from server answers.
 */
export const STORAGE_KEYS = {
  token: 'auth-token',
  user: 'user',
  founderProfileComplete: 'founder-profile-complete',
  founderDeckUploaded: 'founder-deck-uploaded',
  founderScoreComplete: 'founder-score-complete',
  founderProfile: 'founder-profile',
  founderDeckName: 'founder-deck-name',
  founderScore: 'founder-score',
  vcOnboardingComplete: 'vc-onboarding-complete',
  /** The account type last signed in or up with on this browser (kept after sign-out: it preselects sign-in). */
  lastAccountType: 'last-account-type',
} as const;

export const FOUNDER_PROGRESS_KEYS = [
  STORAGE_KEYS.founderProfileComplete,
  STORAGE_KEYS.founderDeckUploaded,
  STORAGE_KEYS.founderScoreComplete,
  STORAGE_KEYS.founderProfile,
  STORAGE_KEYS.founderDeckName,
  STORAGE_KEYS.founderScore,
] as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota); the app must keep working without it.
export const storage = {
  get(key: Key): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: Key, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* not persisted; the server still holds the truth */
    }
  },
  remove(...keys: readonly Key[]): void {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    }
  },
  getFlag(key: Key): boolean {
    return this.get(key) === 'true';
  },
  setFlag(key: Key, value: boolean): void {
    this.set(key, value ? 'true' : 'false');
  },
};
