/** Where the server's own media (logo, banner images) is served from. */
export const MEDIA_PREFIX = '/api/media/';
export const BACKOFFICE_PREFIX = '/backoffice/';
/** Paths owned by the server itself: never answered with an SPA's index.html. */
export const SERVER_PREFIXES = ['/api', '/metrics', '/public'] as const;
