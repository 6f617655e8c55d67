import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { AppFooter } from './app-footer';

/**
 * The one frame for every page, visitor or player: the header swaps its sign-in buttons
 * for the account menu when signed in, so both kinds of pages share it.
 */
export function AppLayout() {
  return (
    <div className="app-layout">
      <AppHeader />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
