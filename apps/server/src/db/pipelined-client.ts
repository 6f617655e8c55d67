import { objectWith } from '@spm/core';
import pg from 'pg';

/*
 * The PostgreSQL pool's connection (docs/decisions.md "Pipelined transactions"). pg's
 * pipeline mode writes every query at once instead of after the previous answer; on top of
 * it a transaction saves two waits:
 * - its BEGIN goes out at once and is answered at once: its outcome joins the answer of the
 *   transaction's next query (a BEGIN that failed fails that query);
 * - its COMMIT can go out right behind its last statement (`withCommitBehind`), before that
 *   statement's answer is back. PostgreSQL turns the COMMIT into a ROLLBACK when the statement
 *   failed, so such a statement must check what it wrote itself and raise when it is wrong
 *   (`spm_check`): nothing the caller does with its answer can roll it back any more.
 * After a COMMIT sent that way the connection refuses every statement of the transaction but
 * its end: a statement would run on its own, outside the transaction.
 *
 * The pool plans every named statement for the values it runs with (database.ts). A statement
 * whose plan cannot depend on them (each key one index probe, `withGenericPlan`) runs under
 * two settings instead: PostgreSQL then plans it once per connection, and without sequential
 * scans, which a table's statistics from when it was small would otherwise choose for as long
 * as the plan lives (docs/decisions.md "Generic plans where the plan cannot change"). Inside a
 * transaction the settings are `set local`, sent only when the mode changes (a group's
 * generic statements come one after another) and undone by its COMMIT or ROLLBACK; outside
 * one, the statement goes between the settings and their reset.
 */
const GENERIC_PLAN_ON = 'set plan_cache_mode = force_generic_plan; set enable_seqscan = off';
/** Back to the connection's own settings (the pool's startup options). */
const GENERIC_PLAN_OFF = 'reset plan_cache_mode; reset enable_seqscan';
const GENERIC_PLAN_LOCAL =
  'set local plan_cache_mode = force_generic_plan; set local enable_seqscan = off';
/** The pool's startup settings again, for the rest of the transaction. */
const CUSTOM_PLAN_LOCAL =
  'set local plan_cache_mode = force_custom_plan; set local enable_seqscan = on';

/**
 * The plan settings in force in the open transaction, as this client sent them; `unknown`
 * after a ROLLBACK TO SAVEPOINT, which may have undone some.
 */
type PlanMode = 'custom' | 'generic' | 'unknown';
/** Statements after which this client no longer knows the plan settings in force. */
const CONTROL = /^(commit|rollback|savepoint|release|set|reset)\b/;
/** The caller's own settings: they stand until this client's next generic statement. */
const SETTING = /^(set|reset)\b/;

type Result = pg.QueryResult;

const emptyResult = (command: string): Result => ({
  command,
  rowCount: null,
  oid: 0,
  fields: [],
  rows: [],
});

function textOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (first !== null && typeof first === 'object' && 'text' in first) {
    const { text } = first as { text?: unknown };
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

export class PipelinedClient extends pg.Client {
  /** The BEGIN sent and not yet waited for. */
  private begun: Promise<Result> | null = null;
  /** Set just before the transaction's last statement: its COMMIT goes right behind it. */
  private commitBehindNext = false;
  /** The COMMIT sent behind the last statement, until the transaction ends. */
  private committed: Promise<Result> | null = null;
  /** Set just before a statement to run on its connection's generic plan. */
  private genericPlanNext = false;
  /** The socket holds what this tick sends, to write it in one go when the tick ends. */
  private corked = false;
  /** A transaction is open (its BEGIN sent, its end not yet). */
  private inTransaction = false;
  private planMode: PlanMode = 'custom';

  constructor(config?: string | pg.ClientConfig) {
    super(
      typeof config === 'string'
        ? { connectionString: config, pipeline: true }
        : objectWith(config ?? {}, { pipeline: true }),
    );
  }

  /**
   * Sends `run`'s one query with the transaction's COMMIT right behind it, when `run` sends it
   * at once (drizzle's execute does).
   */
  withCommitBehind<T>(run: () => Promise<T>): Promise<T> {
    return this.withNextFlag('commitBehindNext', run);
  }

  /**
   * Sends `run`'s one query on a generic plan (when `run` sends it at once): the settings
   * before it and back after it, pipelined with it. Inside a transaction a failed statement's
   * reset fails too, and the ROLLBACK undoes the settings; outside, each runs on its own.
   */
  withGenericPlan<T>(run: () => Promise<T>): Promise<T> {
    return this.withNextFlag('genericPlanNext', run);
  }

  /** Sets `flag` for the query `run` sends at once. */
  private withNextFlag<T>(
    flag: 'commitBehindNext' | 'genericPlanNext',
    run: () => Promise<T>,
  ): Promise<T> {
    this[flag] = true;
    try {
      return run();
    } finally {
      // Cleared even when `run` did not send at once (a driver that awaits before sending):
      // the flag must not ride on a later statement, which then runs as usual.
      this[flag] = false;
    }
  }

  // pg's query has a dozen overloads (text, config, submittable; promise or callback): this
  // forwards each unchanged except a promise-answered transaction's BEGIN, COMMIT, ROLLBACK
  // and its statements, hence `any` for the arguments and the answer.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    this.corkUntilTickEnds();
    const send = (...sent: unknown[]) =>
      (super.query as (...a: unknown[]) => Promise<Result>).apply(this, sent);
    if (typeof args.at(-1) === 'function' || typeof args[0]?.submit === 'function') {
      return (super.query as (...a: unknown[]) => unknown).apply(this, args);
    }
    const command = textOf(args[0])?.trim().toLowerCase();
    if (command === 'begin') {
      this.committed = null;
      this.commitBehindNext = false;
      const begun = send(...args);
      begun.catch(() => undefined);
      this.begun = begun;
      this.inTransaction = true;
      this.planMode = 'custom';
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (this.committed !== null) return this.afterCommit(command, textOf(args[0]));
    // Transaction control and settings of the caller's own: no plan settings before them.
    const control = command === undefined || CONTROL.test(command);
    if (command === 'commit' || command === 'rollback') this.inTransaction = false;
    // A ROLLBACK TO may undo settings sent after its savepoint; the caller's own SET stands
    // for its statements until one of this client's generic ones.
    else if (command?.startsWith('rollback to')) this.planMode = 'unknown';
    else if (command !== undefined && SETTING.test(command)) this.planMode = 'custom';
    const begun = this.begun;
    this.begun = null;
    const generic = this.genericPlanNext;
    this.genericPlanNext = false;
    // The settings' answers carry nothing; a failure shows in the statement's own answer.
    const wanted: PlanMode = generic ? 'generic' : 'custom';
    if (this.inTransaction && !control && this.planMode !== wanted) {
      send(generic ? GENERIC_PLAN_LOCAL : CUSTOM_PLAN_LOCAL).catch(() => undefined);
      this.planMode = wanted;
    }
    const alone = generic && !this.inTransaction;
    if (alone) send(GENERIC_PLAN_ON).catch(() => undefined);
    const answer = send(...args);
    if (alone) send(GENERIC_PLAN_OFF).catch(() => undefined);
    if (this.commitBehindNext) {
      this.commitBehindNext = false;
      this.inTransaction = false;
      const committed = send('commit');
      committed.catch(() => undefined);
      this.committed = committed;
    }
    if (begun === null) return answer;
    return Promise.all([begun, answer]).then(([, result]) => result);
  }

  /**
   * pg writes each query to the socket on its own (a system call and, often, a packet each);
   * a transaction sends several in one tick (its BEGIN, reads sent together, a generic plan's
   * settings, a COMMIT behind), and PostgreSQL then reads them in one go too. The socket
   * writes everything corked when the tick's microtasks are done, before any I/O waits.
   */
  private corkUntilTickEnds(): void {
    if (this.corked) return;
    const { stream } = this.connection;
    stream.cork();
    this.corked = true;
    process.nextTick(() => {
      this.corked = false;
      stream.uncork();
    });
  }

  /** The transaction's end once its COMMIT went out behind its last statement. */
  private async afterCommit(command: string | undefined, text?: string): Promise<Result> {
    const committed = this.committed!;
    if (command !== 'commit' && command !== 'rollback') {
      const start = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      throw new Error(`a statement after its transaction committed: ${start}`);
    }
    this.committed = null;
    const result = await committed;
    // PostgreSQL answers a COMMIT of a failed transaction with ROLLBACK.
    const didCommit = result.command === 'COMMIT';
    if (command === 'commit' && !didCommit) throw new Error('the transaction rolled back');
    if (command === 'rollback' && didCommit) {
      throw new Error('the transaction committed with its last statement: it cannot roll back');
    }
    return result;
  }
}
