import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { StaffMember } from '@spm/contract';

/** Why the session ended, shown once on the sign-in screen. */
export type SignOutReason = 'idle' | 'expired' | 'manual';

export interface StaffSession {
  token: string | null;
  staff: StaffMember | null;
  /** Set when the session ended by itself; the sign-in screen explains it, then clears it. */
  signOutReason: SignOutReason | null;
}

export interface StaffSessionActions {
  signIn: (session: { token: string; staff: StaffMember }) => void;
  signOut: (reason?: SignOutReason) => void;
  clearSignOutReason: () => void;
}

export const AUTH_STORAGE_KEY = 'backoffice-session';

/** The staff session, kept in localStorage so a reload stays signed in (DESIGN 9). */
export const useAuthStore = create<StaffSession & StaffSessionActions>()(
  persist(
    (set) => ({
      token: null,
      staff: null,
      signOutReason: null,
      signIn: ({ token, staff }) => set({ token, staff, signOutReason: null }),
      signOut: (reason = 'manual') => set({ token: null, staff: null, signOutReason: reason }),
      clearSignOutReason: () => set({ signOutReason: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token, staff: state.staff }),
    },
  ),
);
