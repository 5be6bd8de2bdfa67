import { authEndpoints, ssoEndpoints, type LoginBody, type LoginSuccess, type SignupBody, type User } from '@fitscore/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, callEndpoint, UNAUTHORIZED_EVENT } from '@/lib/api-client';
import { FOUNDER_PROGRESS_KEYS, STORAGE_KEYS, storage } from '@/lib/storage';

/**
 * The last thing that happened to the session on this page. The route guards read it to
 * decide, in one place, where a user goes next (after login, sign-up, sign-out, expiry).
 */
export type AuthEvent = 'restored' | 'login' | 'signup' | 'logout' | 'expired';

/** A password sign-in either opens the session or, with two-factor on, asks for a code first. */
export type LoginResult =
  | { status: 'signed-in'; user: User; onboardingComplete: boolean }
  | { status: 'two-factor'; challenge: string };

interface AuthContextValue {
  user: User | null;
  lastEvent: AuthEvent;
  /** True until the stored session has been checked with the server. */
  loading: boolean;
  login(input: LoginBody): Promise<LoginResult>;
  /** The second step: an authenticator code or a recovery code answers the challenge. */
  completeTwoFactor(challenge: string, code: string): Promise<{ user: User; onboardingComplete: boolean }>;
  signup(input: SignupBody): Promise<User>;
  /** Finishes a single sign-on: the one-time code the identity provider's round trip ended with. */
  completeSso(code: string): Promise<{ user: User; onboardingComplete: boolean }>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function readStoredUser(): User | null {
  const raw = storage.get(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

function onboardingKey(user: User) {
  return user.type === 'founder' ? STORAGE_KEYS.founderProfileComplete : STORAGE_KEYS.vcOnboardingComplete;
}

function storeSession(user: User, token: string) {
  storage.set(STORAGE_KEYS.token, token);
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  storage.set(STORAGE_KEYS.lastAccountType, user.type);
}

/** The account type to preselect on sign-in: the last one used on this browser, if any. */
export function lastAccountType(): User['type'] | undefined {
  const type = storage.get(STORAGE_KEYS.lastAccountType);
  return type === 'founder' || type === 'vc' ? type : undefined;
}

/** Nothing of the account stays in the browser: the next person here starts clean. */
function clearSession() {
  storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.user, ...FOUNDER_PROGRESS_KEYS, STORAGE_KEYS.vcOnboardingComplete);
}

/** Where a user lands after signing in (spec section 4). */
export function postLoginPath(user: User): string {
  if (user.type === 'founder') {
    return storage.getFlag(STORAGE_KEYS.founderProfileComplete) ? paths.founder.dashboard : paths.founder.profile;
  }
  return storage.getFlag(STORAGE_KEYS.vcOnboardingComplete) ? paths.vc.dashboard : paths.vc.onboarding;
}

/** Where a user lands after signing up. */
export function postSignupPath(user: User): string {
  return user.type === 'founder' ? paths.founder.profile : paths.vc.onboarding;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  // Loading only while a stored session is being checked.
  const [loading, setLoading] = useState(() => Boolean(storage.get(STORAGE_KEYS.token) && readStoredUser()));
  const [lastEvent, setLastEvent] = useState<AuthEvent>('restored');
  const queryClient = useQueryClient();
  const toast = useToast();

  // On load: a stored token and user are checked with the server before anything is shown.
  useEffect(() => {
    const token = storage.get(STORAGE_KEYS.token);
    const stored = readStoredUser();
    if (!token || !stored) {
      clearSession();
      return;
    }
    const controller = new AbortController();
    callEndpoint(authEndpoints.me, { signal: controller.signal })
      .then(({ user: fresh, onboarding_complete }) => {
        storage.set(STORAGE_KEYS.user, JSON.stringify(fresh));
        storage.setFlag(onboardingKey(fresh), onboarding_complete);
        setUser(fresh);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Session check failed', err);
        // A rejected token ends the session; an unreachable server keeps it for the next load.
        if (err instanceof ApiError && err.status === 401) clearSession();
        setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const endSession = useCallback(
    (event: 'logout' | 'expired') => {
      clearSession();
      setLastEvent(event);
      setUser(null);
      queryClient.clear();
    },
    [queryClient],
  );

  // Any call answered 401 means the session is gone: sign out and ask to log in again.
  useEffect(() => {
    const onUnauthorized = () => {
      if (!storage.get(STORAGE_KEYS.token)) return;
      endSession('expired');
      toast.error('Please log in');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [endSession, toast]);

  const startSession = useCallback(
    (result: LoginSuccess) => {
      queryClient.clear();
      storeSession(result.user, result.token);
      storage.setFlag(onboardingKey(result.user), result.onboarding_complete);
      setLastEvent('login');
      setUser(result.user);
      return { user: result.user, onboardingComplete: result.onboarding_complete };
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginBody): Promise<LoginResult> => {
      const result = await callEndpoint(authEndpoints.login, { body: input }, 'Login failed');
      if ('two_factor_required' in result) return { status: 'two-factor', challenge: result.challenge };
      return { status: 'signed-in', ...startSession(result) };
    },
    [startSession],
  );

  const completeTwoFactor = useCallback(
    async (challenge: string, code: string) => {
      const result = await callEndpoint(authEndpoints.loginTwoFactor, { body: { challenge, code } }, 'Login failed');
      return startSession(result);
    },
    [startSession],
  );

  const completeSso = useCallback(
    async (code: string) => startSession(await callEndpoint(ssoEndpoints.exchange, { body: { code } }, 'Single sign-on failed')),
    [startSession],
  );

  const signup = useCallback(
    async (input: SignupBody) => {
      const result = await callEndpoint(authEndpoints.signup, { body: input }, 'Signup failed');
      queryClient.clear();
      storeSession(result.user, result.token);
      if (result.user.type === 'founder') storage.remove(...FOUNDER_PROGRESS_KEYS);
      else storage.remove(STORAGE_KEYS.vcOnboardingComplete);
      setLastEvent('signup');
      setUser(result.user);
      return result.user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    if (storage.get(STORAGE_KEYS.token)) {
      try {
        await callEndpoint(authEndpoints.logout);
      } catch (err) {
        console.warn('Logout failed', err);
      }
    }
    // Signed out locally whatever the server said.
    endSession('logout');
  }, [endSession]);

  const value = useMemo(
    () => ({ user, lastEvent, loading, login, completeTwoFactor, signup, completeSso, logout }),
    [user, lastEvent, loading, login, completeTwoFactor, signup, completeSso, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
