/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public-address lookup of SPEC 7.7; defaults to https://api.ipify.org?format=json. */
  readonly VITE_IP_LOOKUP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
