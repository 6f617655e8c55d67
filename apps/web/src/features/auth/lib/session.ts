import { flushSync } from 'react-dom';
import type { AuthAnswer } from '@spm/contract';
import { PUBLIC_LANDING_PATH, RESTRICTED_PATH, returnTarget } from '@/shared/lib/route-paths';
import { loadProfile } from '@/shared/api/profile-api';
import { navigateTo, routerSearch } from '@/shared/lib/navigation';
import { request } from '@/shared/lib/request';
import { MOBILE_DETAILS_STORAGE_KEY, removeStorage } from '@/shared/lib/storage';
import { connectRealtime, disconnectRealtime } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';

/*
 * Session changes and the navigation they cause happen in one synchronous render
 * (flushSync, with router transitions off in app.tsx), so the route guard never sees a
 * half-changed state (signed out on a protected page, or signed in on a public one) and
 * adds a redirect or a login dialog of its own.
 */

export interface SignInOptions {
  /** Flag the post-login dialog (SPEC 4.2: login and demo login). */
  showWelcome: boolean;
}

/**
 * After a successful login, demo login or registration (SPEC 4.2, 4.3): signed in, token and
 * user stored, dialog closed, home (or the page that asked for the sign-in) opened; the realtime channel connects (its connect
 * handler requests the balance) and the profile is loaded.
 */
export async function completeSignIn(answer: AuthAnswer, { showWelcome }: SignInOptions) {
  flushSync(() => {
    useAuthStore.getState().setSession({ token: answer.token, user: answer.user });
    const app = useAppStore.getState();
    app.closeAuthModal();
    // A time-out or self-exclusion: only the restricted view, and no welcome (issue 42).
    const restricted = Boolean(answer.user.restriction);
    if (showWelcome && !restricted) app.setShowPostLoginModal(true);
    // A sign-in asked for by a page (`/sign-in?return=/betby`) goes back to it.
    navigateTo(restricted ? RESTRICTED_PATH : returnTarget(routerSearch()));
  });
  // Not awaited: the profile need not wait for socket.io-client to load.
  void connectRealtime(answer.token);
  await loadProfile({ quiet: true });
}

export interface LogoutOptions {
  /** Player-initiated: call POST /signout first (SPEC 4.4). */
  signout?: boolean;
}

let pendingLogout: Promise<void> | null = null;

/**
 * SPEC 4.4. With `signout`: POST /signout, then clear the session and go to the public
 * landing page. Without it (a 401, a failed session check, a realtime SessionError): the
 * same clearing locally, the login dialog opens and the user goes to the public landing page.
 *
 * Cleared: auth, token, user, profile, wallet and exposure amount, the persisted auth store
 * and the stored mobile details (mvd). Kept: theme (app store), language, and the visitor's
 * tracking id and agent code, which describe the visitor rather than the session.
 *
 * Concurrent calls (several 401 answers at once, a 401 during the signout call) share the
 * first one.
 */
export function logout(options: LogoutOptions = {}): Promise<void> {
  pendingLogout ??= runLogout(options).finally(() => {
    pendingLogout = null;
  });
  return pendingLogout;
}

async function runLogout({ signout = false }: LogoutOptions): Promise<void> {
  // Closed first: the server drops the session's sockets on signout, and a socket still
  // open would reconnect, be refused with a SessionError and toast it during a plain logout.
  disconnectRealtime();
  if (signout) {
    // The local session ends whatever the server says; a failure needs no toast.
    await request({ url: '/signout', method: 'POST', noToastEmit: true });
  }
  flushSync(() => {
    useAuthStore.getState().clearSession();
    const app = useAppStore.getState();
    app.setShowPostLoginModal(false);
    app.setShowProfileModal(false);
    if (signout) app.closeAuthModal();
    else app.openAuthModal('login');
    navigateTo(PUBLIC_LANDING_PATH, { replace: true });
  });
  useAuthStore.persist.clearStorage();
  removeStorage(MOBILE_DETAILS_STORAGE_KEY);
}
