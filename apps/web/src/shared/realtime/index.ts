export {
  checkSession,
  connectRealtime,
  disconnectRealtime,
  emitWithAck,
  getRealtimeSocket,
  onNotificationToast,
  requestBalance,
  setRealtimeSessionEndHandler,
  toWallet,
} from './realtime-client';
export type { StatusAck } from './realtime-client';
export { useRealtimeConnection } from './use-realtime-connection';
