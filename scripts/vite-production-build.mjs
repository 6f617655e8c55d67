// Both apps' Vite configs call this first. Vite builds React's development bundle (230 KB of
// JavaScript on the landing page instead of 139 KB, and a slower app) whenever NODE_ENV is
// development in the environment, as it is in a shell that followed .env.example: a build is
// what production serves, so it is always a production build. Vite reads NODE_ENV again
// after loading the config file, which is why setting it here is enough (and `vite`, the
// development server, keeps its development mode).

/** @param {'build' | 'serve'} command Vite's command for this config. */
export function forceProductionBuild(command) {
  if (command === 'build') process.env.NODE_ENV = 'production';
}
