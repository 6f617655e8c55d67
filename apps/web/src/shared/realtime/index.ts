export {
  checkSession,
  connectRealtime,
  disconnectRealtime,
  emitWithAck,
  getRealtimeSocket,
  onNotificationToast,
  onRealtimeEvent,
  onRealtimeReconnect,
  requestBalance,
  setRealtimeSessionEndHandler,
  toWallet,
} from './realtime-client';
export type { StatusAck } from './realtime-client';
export { useRealtimeConnection } from './use-realtime-connection';
export { useCatchUpOnReconnect } from './use-catch-up-on-reconnect';
export { useContentLanguage } from './use-content-language';
