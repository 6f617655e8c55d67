// Types of vite-production-build.mjs for the apps' Vite configs.
export function forceProductionBuild(command: 'build' | 'serve'): void;
