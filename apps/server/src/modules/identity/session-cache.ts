import type { EndedSessions } from '../../realtime/emitter.ts';
import type { SessionWithUser } from './session-repository.ts';

/**
 * The sessions this process read lately, by token hash, so an authenticated request does
 * not read its session row each time (the auth guard's read was half of a placement's round
 * trips: docs/decisions.md, "Session cache").
 *
 * Only a session that was live when read is kept, for at most `ttlMs`; any refusal reads the
 * database again. Ending a session (sign-out, password change or reset, account lock) tells
 * every process at once through the realtime emitter's `onSessionsEnded`, and the cache drops
 * it: a revoked session is refused from the next request on, here and on every node. The
 * time limit covers what no announcement reaches (a change made behind the app's back, a
 * message delayed by a node whose own link to Redis was down). Nothing is trusted across a drop
 * of this node's link to Redis, nor while it is down (`announcementEpoch`).
 */
export class SessionCache {
  private readonly entries = new Map<
    string,
    { found: SessionWithUser; cachedAtMs: number; refreshAtMs: number; epoch: number }
  >();
  /** Bumped by every ending: a read that began before one must not be stored after it. */
  private endings = 0;
  /** Tokens whose copy is being read again ahead of its time limit. */
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** A mark to take before reading the database, for `store`. */
  mark(): number {
    return this.endings;
  }

  /**
   * `epoch` is the emitter's `announcementEpoch()`: a copy stored under another one may have
   * missed an ending, and none is used while announcements may not arrive (undefined).
   */
  get(tokenHash: string, nowMs: number, epoch: number | undefined): SessionWithUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (
      epoch !== entry.epoch ||
      nowMs - entry.cachedAtMs >= this.ttlMs ||
      nowMs < entry.cachedAtMs
    ) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.found;
  }

  /** Keeps a live session read since `mark`, unless some session ended meanwhile. */
  store(
    tokenHash: string,
    found: SessionWithUser,
    mark: number,
    nowMs: number,
    epoch: number | undefined,
  ): void {
    if (mark !== this.endings || epoch === undefined) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(tokenHash);
    // Read again in the background from between half and three quarters of the time limit,
    // spread so copies stored together are not read again together.
    const refreshAtMs = nowMs + this.ttlMs * (0.5 + 0.25 * Math.random());
    this.entries.set(tokenHash, { found, cachedAtMs: nowMs, refreshAtMs, epoch });
  }

  /**
   * Whether a copy in use is past its refresh time (between half and three quarters of its
   * time limit) and nobody is reading it again yet: the caller then reads it in the
   * background (and calls `refreshed`), so a session in use is not read on a request's path,
   * and copies stored together (a burst of sign-ins, a restart) do not all run out at one
   * moment and send their reads at once.
   */
  claimRefresh(tokenHash: string, nowMs: number): boolean {
    const entry = this.entries.get(tokenHash);
    if (!entry || this.refreshing.has(tokenHash)) return false;
    if (nowMs < entry.refreshAtMs) return false;
    this.refreshing.add(tokenHash);
    return true;
  }

  refreshed(tokenHash: string): void {
    this.refreshing.delete(tokenHash);
  }

  /** Background reads under way (tests wait for them). */
  get refreshesUnderWay(): number {
    return this.refreshing.size;
  }

  forget(ended: EndedSessions): void {
    this.endings += 1;
    for (const [tokenHash, { found }] of this.entries) {
      const matches =
        'sessionId' in ended
          ? found.session.id === ended.sessionId
          : found.user.id === ended.userId;
      if (matches) this.entries.delete(tokenHash);
    }
  }

  forgetToken(tokenHash: string): void {
    this.endings += 1;
    this.entries.delete(tokenHash);
  }

  get size(): number {
    return this.entries.size;
  }
}
