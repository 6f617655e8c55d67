import {
  LANGUAGE_HEADER,
  LANGUAGES,
  SERVER_EVENTS,
  TRANSLATED_LANGUAGES,
  languageOf,
  type Language,
  type NotificationToast,
  type NotificationTranslations,
  type ServerToClientEvents,
  type TranslatedLanguage,
} from '@spm/contract';
import { objectWith } from '@spm/core';
import type { BroadcastOperator } from 'socket.io';
import type { RealtimeSocket, SocketData } from './emitter.ts';

/*
 * Server content pushed in each socket's language (docs/server-content-languages.md). Every
 * socket is in exactly one `lang:{code}` room (English when its app named none), so "the
 * sockets of room R in language L" is R except the other seven language rooms: socket.io
 * (and its Redis adapter) has no intersection, but has `except`.
 */

export const languageRoom = (language: Language) => `lang:${language}`;

type Target = BroadcastOperator<ServerToClientEvents, SocketData>;

/** The sockets of `target` whose language is `language`. */
export function inLanguage(target: Target, language: Language): Target {
  return target.except(LANGUAGES.filter((other) => other !== language).map(languageRoom));
}

/**
 * Sends `english` to the sockets of `target` in English or in a language `own` leaves out,
 * and `inOwn(language)` to those of each language `own` names: one emit when none.
 */
export function emitByLanguage<T>(
  target: Target,
  own: readonly TranslatedLanguage[],
  english: T,
  inOwn: (language: TranslatedLanguage) => T,
  send: (to: Target, payload: T) => void,
): void {
  send(own.length === 0 ? target : target.except(own.map(languageRoom)), english);
  for (const language of own) send(inLanguage(target, language), inOwn(language));
}

/** A toast with its other languages: what the outbox stores; each socket gets its own. */
export type LocalizedToast = NotificationToast & { translations?: NotificationTranslations };

export function localizedToast(
  toast: { title: string; message: string; status: string },
  translations: NotificationTranslations | undefined,
): LocalizedToast {
  const own = TRANSLATED_LANGUAGES.filter((language) => translations?.[language] !== undefined);
  return own.length === 0 ? toast : objectWith(toast, { translations });
}

/** Emits a toast to `target`, each socket in its language (English when it has none). */
export function emitToast(target: Target, toast: LocalizedToast): void {
  const { translations, ...english } = toast;
  const own = TRANSLATED_LANGUAGES.filter((language) => translations?.[language] !== undefined);
  emitByLanguage(
    target,
    own,
    english,
    (language) => objectWith(english, translations![language]!),
    (to, payload) => to.emit(SERVER_EVENTS.notificationToast, payload),
  );
}

/** The language a socket's app named in its handshake (`auth.lang`), else its header. */
export function handshakeLanguage(socket: RealtimeSocket): Language {
  const auth: unknown = socket.handshake.auth;
  const named =
    typeof auth === 'object' && auth !== null && 'lang' in auth
      ? (auth as { lang: unknown }).lang
      : undefined;
  const header = socket.handshake.headers[LANGUAGE_HEADER];
  return languageOf(typeof named === 'string' ? named : header);
}

/** Puts the socket in the room of `language`, out of the one it was in. */
export function joinLanguage(socket: RealtimeSocket, language: Language): void {
  const previous = socket.data.language;
  if (previous !== undefined && previous !== language) void socket.leave(languageRoom(previous));
  socket.data.language = language;
  void socket.join(languageRoom(language));
}

/** `value` when it is one of the eight language codes. */
export function knownLanguage(value: unknown): Language | undefined {
  return LANGUAGES.find((language) => language === value);
}
