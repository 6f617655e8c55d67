/** The sportsbook's two pages: Betby's renderer, and the player's sportsbook bets. */
export const BETBY_PATH = '/betby';
export const SPORTSBOOK_BETS_PATH = '/sportsbook2';

/** Sign in, then back to the sportsbook (the route guard follows `return`, SPEC 2.3). */
export const SIGN_IN_TO_BETBY_PATH = `/sign-in?${new URLSearchParams({ return: BETBY_PATH })}`;
export const REGISTER_PATH = '/register';
