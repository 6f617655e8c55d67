import { Outlet } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAnnouncements } from '@/features/landing/api/get-announcements';
import { AnnouncementTicker } from '@/features/landing/components/announcement-ticker';
import { logout } from '@/features/auth/lib/session';
import { RealityCheckHost } from '@/features/safer-play/reality-check-host';
import { AppHeader } from './app-header';
import { AppFooter } from './app-footer';
import { BottomNav } from './bottom-nav';
import { RestrictedFrame } from './restricted-frame';
import { LimitsPrompt } from '@/shared/safer-play/limits-prompt';

/** The landing page has its own ticker; signed-in players see the same one on every page. */
function SignedInAnnouncements() {
  const announcements = useAnnouncements();
  return (
    <div className="app-layout__announcements">
      <AnnouncementTicker announcements={announcements} />
    </div>
  );
}

/** "Stop" in the reality check signs out; the session time limit ends the session. */
const stopPlaying = () => void logout({ signout: true });
const sessionLimitReached = () => void logout();

/**
 * The one frame for every page, visitor or player: the header swaps its sign-in buttons
 * for the wallet, the notifications bell and the account menu when signed in, so both kinds
 * of pages share it.
 */
export function AppLayout() {
  const isAuth = useAuthStore((state) => state.isAuth);
  // A time-out or self-exclusion: its own frame, with no product navigation (issue 42).
  const restricted = useAuthStore((state) => state.isAuth && Boolean(state.user?.restriction));
  if (restricted) return <RestrictedFrame />;
  return (
    <div className="app-layout">
      <AppHeader />
      <main className="app-main" id="main">
        {isAuth && <SignedInAnnouncements />}
        {/* Safer play: the limits prompt a new player is offered (set or skip), issue 42. */}
        {isAuth && <LimitsPrompt place="registration" />}
        <Outlet />
      </main>
      <AppFooter />
      <BottomNav />
      {isAuth && <RealityCheckHost onStop={stopPlaying} onSessionLimit={sessionLimitReached} />}
    </div>
  );
}
