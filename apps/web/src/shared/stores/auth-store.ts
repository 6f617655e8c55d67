import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Profile } from '@spm/contract';

/**
 * The signed-in user as the login and registration answers return it (SPEC 3 "Login
 * response: token, user"). Its fields belong to the identity contract; only what the shell
 * shows is named here, the rest is kept as received.
 */
export interface AuthUser {
  id?: string | number;
  username?: string;
  [field: string]: unknown;
}

/** SPEC 3 "User profile": what GET /profile answers (contract profileSchema). */
export type UserProfile = Profile;

/**
 * SPEC 3 "Wallet", in points as the API shows them (DESIGN 4). `exposure` is the contract's
 * extra field (walletSchema): a wallet that carries it sets the auth state's `exposureAmount`
 * with it (setWallet), so balance and exposure always come from the same versioned wallet;
 * GET /bet/exposure/amount, the spec's call for it, fills in for a wallet without it.
 */
export interface Wallet {
  balance: number;
  cash: number;
  coins: number;
  sports: number;
  wicket: number;
  exposure?: number;
}

export const emptyWallet: Wallet = { balance: 0, cash: 0, coins: 0, sports: 0, wicket: 0 };

/** Exactly the auth state fields of SPEC 3. */
export interface AuthState {
  isAuth: boolean;
  token: string | null;
  user: AuthUser | null;
  userProfile: UserProfile | null;
  wallet: Wallet;
  exposureAmount: number;
  /** True once the persisted state has been read back; the route guard waits for it. */
  isStoreHydrated: boolean;
}

export interface AuthActions {
  /** After a successful login, demo login or registration (SPEC 4.2, 4.3). */
  setSession: (session: { token: string; user: AuthUser }) => void;
  setUser: (user: AuthUser | null) => void;
  setUserProfile: (userProfile: UserProfile | null) => void;
  /** Also sets exposureAmount when the wallet carries its exposure (one source for both). */
  setWallet: (wallet: Wallet) => void;
  setExposureAmount: (exposureAmount: number) => void;
  /** Clears auth, token, user, profile, wallet and exposure (SPEC 4.4). */
  clearSession: () => void;
  setStoreHydrated: (isStoreHydrated: boolean) => void;
}

export type AuthStore = AuthState & AuthActions;

export const AUTH_STORE_NAME = 'auth-store';

export const authInitialState: Omit<AuthState, 'isStoreHydrated'> = {
  isAuth: false,
  token: null,
  user: null,
  userProfile: null,
  wallet: emptyWallet,
  exposureAmount: 0,
};

export const useAuthStore = create<AuthStore>()(
  persist(
    (set) => ({
      ...authInitialState,
      isStoreHydrated: false,
      setSession: ({ token, user }) => set({ isAuth: true, token, user }),
      setUser: (user) => set({ user }),
      setUserProfile: (userProfile) => set({ userProfile }),
      setWallet: (wallet) =>
        set(
          wallet.exposure === undefined ? { wallet } : { wallet, exposureAmount: wallet.exposure },
        ),
      setExposureAmount: (exposureAmount) => set({ exposureAmount }),
      clearSession: () => set({ ...authInitialState }),
      setStoreHydrated: (isStoreHydrated) => set({ isStoreHydrated }),
    }),
    {
      name: AUTH_STORE_NAME,
      storage: createJSONStorage(() => localStorage),
      // isStoreHydrated describes this page load, so it must never come back from storage.
      partialize: ({ isAuth, token, user, userProfile, wallet, exposureAmount }) => ({
        isAuth,
        token,
        user,
        userProfile,
        wallet,
        exposureAmount,
      }),
    },
  ),
);

// Registered after `create` returns: with synchronous localStorage, hydration has already
// finished by now, so `hasHydrated()` covers that case and the listener covers rehydrate().
useAuthStore.persist.onFinishHydration(() => useAuthStore.getState().setStoreHydrated(true));
if (useAuthStore.persist.hasHydrated()) useAuthStore.getState().setStoreHydrated(true);
