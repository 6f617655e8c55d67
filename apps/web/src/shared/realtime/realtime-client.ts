import type { ManagerOptions, Socket } from 'socket.io-client';
import { toast } from 'react-toastify';
import {
  FALLBACK_TRANSPORTS,
  catalogueText,
  emitWithAckOn,
  isRecord,
  isSessionError,
  realtimeOptions,
  sessionErrorDetails,
} from '@spm/client';
import type { RealtimeAck } from '@spm/client';
import { CLIENT_EVENTS, RECONNECTION_DELAY_MAX_MS, SERVER_EVENTS } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { showNotificationToast } from '@/shared/lib/notification-toast';
import type { NotificationPayload } from '@/shared/lib/notification-toast';
import { useAppStore } from '@/shared/stores/app-store';
import { useAuthStore } from '@/shared/stores/auth-store';
import type { Wallet } from '@/shared/stores/auth-store';
import type * as payloadChecks from './realtime-payloads';

/**
 * The realtime channel of SPEC 4.5 and 7.8: one socket.io connection per signed-in session,
 * on the page's own origin at /public/, authenticated with the session token. The
 * app-neutral parts (options, transports, ack with time-out, SessionError) are @spm/client's.
 */

/** The ack of session_check and get:balance (SPEC 3 "Wallet", 7.8). */
export interface StatusAck {
  status?: string;
  data?: unknown;
}

type SessionEndHandler = () => void;

let socket: Socket | null = null;
let socketToken: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let sessionEndHandler: SessionEndHandler | null = null;

/**
 * What ends the session when the channel says so (a failed session check or a SessionError
 * at the handshake): the app registers its logout here, so this module needs no knowledge of
 * the logout flow. Pass null to unregister.
 */
export function setRealtimeSessionEndHandler(handler: SessionEndHandler | null): void {
  sessionEndHandler = handler;
}

export function getRealtimeSocket(): Socket | null {
  return socket;
}

/**
 * SPEC 8: the refusal's message, else "session error". A catalogue code beside the message
 * is translated, as the request helper does for HTTP errors.
 */
function sessionErrorText(error: unknown): string {
  const { code, message } = sessionErrorDetails(error);
  return catalogueText(i18n, code, message || i18n.t('toasts.sessionError'));
}

function endSession(): void {
  disconnectRealtime();
  sessionEndHandler?.();
}

/** A wallet from a realtime payload, or null when its balance is not a number. */
export function toWallet(value: unknown): Wallet | null {
  if (!isRecord(value) || typeof value.balance !== 'number') return null;
  const isAmount = (field: unknown): field is number =>
    typeof field === 'number' && Number.isFinite(field);
  const amount = (key: keyof Wallet): number => {
    const field = value[key];
    return isAmount(field) ? field : 0;
  };
  const wallet: Wallet = {
    balance: amount('balance'),
    cash: amount('cash'),
    coins: amount('coins'),
    sports: amount('sports'),
    wicket: amount('wicket'),
  };
  // The contract's wallet also carries exposure; older payloads without it stay valid.
  if (isAmount(value.exposure)) wallet.exposure = value.exposure;
  return wallet;
}

type NotificationListener = (payload: NotificationPayload) => void;
const notificationListeners = new Set<NotificationListener>();

/**
 * Runs `listener` for every `sub:notification_toast` after its toast is shown (the
 * notifications list refreshes its unread count this way). Returns the unsubscribe.
 */
export function onNotificationToast(listener: NotificationListener): () => void {
  notificationListeners.add(listener);
  return () => {
    notificationListeners.delete(listener);
  };
}

type PayloadChecks = typeof payloadChecks;

/** Staff changed the app details: apply them now (maintenance moves the app at once). */
function onAppDetails(checks: PayloadChecks, payload: unknown): void {
  const details = checks.parseAppDetails(payload);
  if (details) useAppStore.getState().setAppDetails(details);
}

function onNotification(payload: unknown): void {
  const notification: NotificationPayload = isRecord(payload) ? payload : {};
  showNotificationToast(notification);
  for (const listener of [...notificationListeners]) listener(notification);
}

/** Sends `event` on the open channel and waits for its acknowledgement (SPEC 7.8). Never throws. */
export function emitWithAck<T = unknown>(
  event: string,
  payload?: unknown,
): Promise<RealtimeAck<T>> {
  return emitWithAckOn<T>(socket, event, payload);
}

/**
 * get:balance; a success reply replaces the wallet, anything else leaves it as it is. A reply
 * older than an update_balance applied meanwhile (its wallet version is lower) is dropped.
 */
export async function requestBalance(): Promise<void> {
  await readBalance();
}

/** requestBalance's work; answers whether the server answered at all (false: time-out). */
async function readBalance(): Promise<boolean> {
  const result = await emitWithAck<StatusAck>(CLIENT_EVENTS.getBalance);
  if (!result.ok) return false;
  if (result.ack?.status === 'success') applyWalletReply(result.ack.data);
  return true;
}

/** How many times a connect asks for the balance when the server does not answer in time. */
export const CONNECT_BALANCE_TRIES = 3;

/**
 * The balance read of a connect, asked again while the server gives no answer in time: a
 * server just restarted may be slow for its first seconds (its tables and the feed start), and
 * this read is the only one that brings back what was committed while the socket was away.
 */
async function readBalanceOnConnect(current: Socket): Promise<void> {
  for (let tries = 0; tries < CONNECT_BALANCE_TRIES; tries += 1) {
    if (socket !== current || !current.connected) return;
    if (await readBalance()) return;
  }
}

/**
 * A wallet read in an answer (get:balance, a withdrawal's answer) replaces the shown one
 * unless an update_balance newer than it was applied meanwhile (its version is lower).
 */
export function applyWalletReply(payload: unknown): void {
  if (!isCurrentVersion(versionOf(payload), 'reply')) return;
  const wallet = toWallet(payload);
  if (wallet) useAuthStore.getState().setWallet(wallet);
}

/** session_check; a reply with status "failed" ends the session (SPEC 4.5). */
export async function checkSession(): Promise<void> {
  const checked = socket;
  const result = await emitWithAck<StatusAck>(CLIENT_EVENTS.sessionCheck);
  // A reply for a socket already replaced (logout, new sign-in) says nothing about now.
  if (socket !== checked || !result.ok) return;
  if (result.ack?.status === 'failed') endSession();
}

/**
 * The highest wallet version applied on this socket. The server raises it with every money
 * change in commit order and delivers at least once, so a push at or below it is stale.
 */
let walletVersion = -1;

const versionOf = (payload: unknown): number | undefined =>
  isRecord(payload) && typeof payload.version === 'number' ? payload.version : undefined;

/**
 * Whether a wallet of this version may be applied, taking its version as the newest seen. A
 * push at the version applied is a redelivery; a reply at it reads the same state again.
 * Without a version (older servers) it is applied.
 */
function isCurrentVersion(version: number | undefined, from: 'push' | 'reply'): boolean {
  if (version === undefined) return true;
  if (from === 'push' ? version <= walletVersion : version < walletVersion) return false;
  walletVersion = version;
  return true;
}

function onUpdateBalance(payload: unknown): void {
  if (!isCurrentVersion(versionOf(payload), 'push')) return;
  const wallet = toWallet(payload);
  if (wallet) useAuthStore.getState().setWallet(wallet);
  else void requestBalance();
}

function onConnectError(current: Socket, error: Error): void {
  if (socket !== current) return;
  if (isSessionError(error)) {
    toast.error(sessionErrorText(error));
    endSession();
    return;
  }
  // SPEC 4.5: retry, trying polling first and then websocket (proxies that break
  // websockets are the usual cause). The manager reads its options on every attempt.
  current.io.opts.transports = [...FALLBACK_TRANSPORTS] as ManagerOptions['transports'];
  // A refusal by a server middleware does not reconnect by itself (socket.active is false).
  if (!current.active && !retryTimer) {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (socket === current && !current.connected) current.connect();
    }, RECONNECTION_DELAY_MAX_MS);
  }
}

type ReconnectListener = () => void;
const reconnectListeners = new Set<ReconnectListener>();

/**
 * Runs `listener` on every connect of the channel after its first (a reconnect after a
 * dropped connection or a server restart): pushes sent while the socket was away are lost,
 * so what they would have changed has to be read again. Returns the unsubscribe.
 */
export function onRealtimeReconnect(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

type EventListener = (payload: unknown) => void;
const eventListeners = new Map<string, Set<EventListener>>();

/**
 * Runs `listener` for every `event` the server sends on the channel, whichever socket is open
 * now or later (a feature's own push, such as safer play's reality check). The payload is
 * unchecked: the listener parses it. Returns the unsubscribe.
 */
export function onRealtimeEvent(event: string, listener: EventListener): () => void {
  let listeners = eventListeners.get(event);
  if (!listeners) {
    const created = new Set<EventListener>();
    eventListeners.set(event, created);
    listeners = created;
    socket?.on(event, (payload: unknown) => dispatch(event, payload));
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function dispatch(event: string, payload: unknown): void {
  for (const listener of [...(eventListeners.get(event) ?? [])]) listener(payload);
}

function attachHandlers(current: Socket, checks: PayloadChecks): void {
  for (const event of eventListeners.keys()) {
    current.on(event, (payload: unknown) => dispatch(event, payload));
  }
  let connectedBefore = false;
  current.on('connect', () => {
    void checkSession();
    // On every connect, not only the first: a balance committed while the socket was away
    // (or just before a server crash, its push never sent) is read here; the wallet version
    // keeps a late push of an older balance from replacing it.
    void readBalanceOnConnect(current);
    if (connectedBefore) for (const listener of [...reconnectListeners]) listener();
    connectedBefore = true;
  });
  current.on('connect_error', (error: Error) => onConnectError(current, error));
  current.on('disconnect', (reason: string) => {
    // The server closed this session's socket (signout elsewhere, a password change, a
    // lock). Reconnecting lets the handshake tell whether the session is still valid: a
    // revoked one is refused with a SessionError and logs out.
    if (reason === 'io server disconnect' && socket === current) current.connect();
  });
  current.on(SERVER_EVENTS.updateBalance, onUpdateBalance);
  current.on(SERVER_EVENTS.notificationToast, onNotification);
  current.on(SERVER_EVENTS.sessionRefresh, () => void checkSession());
  current.on(SERVER_EVENTS.appDetails, (payload: unknown) => onAppDetails(checks, payload));
}

/** The connect under way (the library still loading), shared by callers with the same token. */
let pending: { token: string; socket: Promise<Socket | null> } | null = null;

/**
 * Opens the channel for `token`. Calling it again with the same token keeps the existing
 * connection; another token replaces it. Never rejects: resolves null when the session ended
 * (logout, or another token) while the library was loading, so no socket outlives its
 * session, or when the library could not be loaded.
 */
export function connectRealtime(token: string): Promise<Socket | null> {
  if (socket && socketToken === token) return Promise.resolve(socket);
  if (pending?.token === token) return pending.socket;
  disconnectRealtime();
  const attempt = {
    token,
    // socket.io-client (and the push checks, with zod) load on the first connect, not with
    // the page: only signed-in players have a channel, so a visitor's first download does
    // without them (issue 11 item 9). The module system caches the imports.
    socket: Promise.all([import('socket.io-client'), import('./realtime-payloads')]).then(
      ([{ io }, checks]): Socket | null => {
        // A disconnect or another connect while loading replaced this attempt.
        if (pending !== attempt) return null;
        pending = null;
        const created = io(realtimeOptions(token));
        socket = created;
        socketToken = token;
        attachHandlers(created, checks);
        return created;
      },
      (): null => {
        // The chunk did not load (offline, a deploy replaced it): no channel this time, and
        // the next connect for this token tries again instead of reusing the failure.
        if (pending === attempt) pending = null;
        return null;
      },
    ),
  };
  pending = attempt;
  return attempt.socket;
}

/** Closes the channel (logout); safe to call when none is open. */
export function disconnectRealtime(): void {
  pending = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const current = socket;
  socket = null;
  socketToken = null;
  // Another session may be another player: their versions start afresh.
  walletVersion = -1;
  if (!current) return;
  current.removeAllListeners();
  current.disconnect();
}
