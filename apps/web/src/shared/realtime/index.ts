export {
  FALLBACK_TRANSPORTS,
  INITIAL_TRANSPORTS,
  checkSession,
  connectRealtime,
  disconnectRealtime,
  emitWithAck,
  getRealtimeSocket,
  isSessionError,
  onNotificationToast,
  realtimeOptions,
  requestBalance,
  setRealtimeSessionEndHandler,
  toWallet,
} from './realtime-client';
export type { RealtimeAck, RealtimeOptions, StatusAck } from './realtime-client';
export { useRealtimeConnection } from './use-realtime-connection';
