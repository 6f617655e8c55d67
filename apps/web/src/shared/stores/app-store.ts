import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AppDetails, Banner, OrganisationStatus, Theme } from '@spm/contract';
import { DEFAULT_THEME } from '@spm/contract';

/** The auth dialogs of SPEC 2.5; null means none is open. */
export const AUTH_MODALS = [
  'login',
  'mobileNumber',
  'verifyNumber',
  'register',
  'forgotpassword',
  'resetpassword',
] as const;
export type AuthModal = (typeof AUTH_MODALS)[number];

/** Extra settings a dialog may be opened with (e.g. a prefilled phone); filled by identity. */
export type AuthModalConfig = Record<string, unknown>;

/** SPEC 3 "Bank details: a bankDetails field"; its shape belongs to the banking issue. */
export type BankDetails = Record<string, unknown>;

export interface AgentCodeConfig {
  agentCode: string | null;
  /** Epoch ms when the code was saved; it locks the field for AGENT_CODE_VALIDITY_MS. */
  saveTime: number | null;
}

/** Exactly the app state fields of SPEC 3. */
export interface AppState {
  appDetails: AppDetails | null;
  bankDetails: BankDetails | null;
  banners: Banner[];
  organisationStatus: OrganisationStatus;
  activeAuthModal: AuthModal | null;
  authModalConfig: AuthModalConfig | null;
  toggleTheme: Theme;
  sideMenu: boolean;
  showProfileModal: boolean;
  showPostLoginModal: boolean;
  agentCodeConfig: AgentCodeConfig;
}

export interface AppActions {
  setAppDetails: (appDetails: AppDetails) => void;
  setBankDetails: (bankDetails: BankDetails | null) => void;
  setBanners: (banners: Banner[]) => void;
  setOrganisationStatus: (organisationStatus: OrganisationStatus) => void;
  openAuthModal: (modal: AuthModal, config?: AuthModalConfig) => void;
  closeAuthModal: () => void;
  setTheme: (theme: Theme) => void;
  setSideMenu: (open: boolean) => void;
  setShowProfileModal: (show: boolean) => void;
  setShowPostLoginModal: (show: boolean) => void;
  setAgentCodeConfig: (config: AgentCodeConfig) => void;
}

export type AppStore = AppState & AppActions;

export const APP_STORE_NAME = 'app-store';

export const appInitialState: AppState = {
  appDetails: null,
  bankDetails: null,
  banners: [],
  organisationStatus: 'live',
  activeAuthModal: null,
  authModalConfig: null,
  toggleTheme: DEFAULT_THEME,
  sideMenu: false,
  showProfileModal: false,
  showPostLoginModal: false,
  agentCodeConfig: { agentCode: null, saveTime: null },
};

export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      ...appInitialState,
      // The organisation status travels inside app details; keeping both in step means a
      // fresh answer can never leave a stale status behind.
      setAppDetails: (appDetails) =>
        set({ appDetails, organisationStatus: appDetails.organisationStatus }),
      setBankDetails: (bankDetails) => set({ bankDetails }),
      setBanners: (banners) => set({ banners }),
      setOrganisationStatus: (organisationStatus) => set({ organisationStatus }),
      openAuthModal: (activeAuthModal, config) =>
        set({ activeAuthModal, authModalConfig: config ?? null }),
      closeAuthModal: () => set({ activeAuthModal: null, authModalConfig: null }),
      setTheme: (toggleTheme) => set({ toggleTheme }),
      setSideMenu: (sideMenu) => set({ sideMenu }),
      setShowProfileModal: (showProfileModal) => set({ showProfileModal }),
      setShowPostLoginModal: (showPostLoginModal) => set({ showPostLoginModal }),
      setAgentCodeConfig: (agentCodeConfig) => set({ agentCodeConfig }),
    }),
    {
      name: APP_STORE_NAME,
      storage: createJSONStorage(() => localStorage),
      // Only the player's choices survive a reload. Server data (details, status, banners)
      // is fetched fresh so a reload can never show a stale maintenance state, and dialogs
      // and menus start closed.
      partialize: ({ toggleTheme, agentCodeConfig }) => ({ toggleTheme, agentCodeConfig }),
    },
  ),
);
