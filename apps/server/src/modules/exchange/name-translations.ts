import {
  DEFAULT_LANGUAGE,
  TRANSLATED_LANGUAGES,
  textIn,
  type Language,
  type Market,
  type SportsEvent,
  type NameTranslationKind,
  type TranslatedLanguage,
  type Translations,
} from '@spm/contract';
import { objectWith } from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import { nameTranslations } from './tables.ts';

/*
 * Market and runner names in other languages (docs/server-content-languages.md). Every node
 * holds the whole table in memory: names go out with every market snapshot (REST pages and
 * each price tick), which must never cost a database read. A staff write reloads it here
 * and, through the realtime emitter's cross-node announcement, on every other node; a node
 * whose link to the others dropped reloads once it is back (the emitter's epoch moved).
 */

type Names = ReadonlyMap<string, Translations>;

export class NameTranslations {
  private markets: Names = new Map();
  private runners: Names = new Map();
  /** The emitter epoch the maps were read under; undefined before the first load. */
  private loadedEpoch: number | undefined;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: DbHandle,
    private readonly epoch: () => number | undefined,
  ) {}

  /** Reads the table again; a call during a read runs one more read after it. */
  async load(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = this.read().finally(() => {
      this.loading = null;
      if (this.again) {
        this.again = false;
        void this.load();
      }
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    const epoch = this.epoch();
    const rows = await this.db.select().from(nameTranslations);
    const markets = new Map<string, Translations>();
    const runners = new Map<string, Translations>();
    for (const row of rows) {
      (row.kind === 'market' ? markets : runners).set(String(row.targetId), row.names);
    }
    this.markets = markets;
    this.runners = runners;
    this.loadedEpoch = epoch;
  }

  /** Reloads in the background when announcements may have been missed since the last read. */
  private checkFresh(): void {
    const epoch = this.epoch();
    if (epoch !== undefined && epoch !== this.loadedEpoch && !this.loading) void this.load();
  }

  of(kind: NameTranslationKind, id: string): Translations {
    return (kind === 'market' ? this.markets : this.runners).get(id) ?? {};
  }

  /** The languages in which the market or one of its runners has a name of its own. */
  languagesOf(market: Pick<Market, 'id' | 'runners'>): TranslatedLanguage[] {
    this.checkFresh();
    // The usual case on every tick: no name translated at all.
    if (this.markets.size === 0 && this.runners.size === 0) return [];
    const own = [this.markets.get(market.id)];
    for (const runner of market.runners) own.push(this.runners.get(runner.id));
    return TRANSLATED_LANGUAGES.filter((language) =>
      own.some((names) => names?.[language] !== undefined),
    );
  }

  marketName(id: string, english: string, language: Language): string {
    return textIn(english, this.markets.get(id), language);
  }

  runnerName(id: string, english: string, language: Language): string {
    return textIn(english, this.runners.get(id), language);
  }

  /** The snapshot with its names in `language`; the same object when nothing changes. */
  localize(market: Market, language: Language): Market {
    const own: readonly Language[] = this.languagesOf(market);
    if (language === DEFAULT_LANGUAGE || !own.includes(language)) return market;
    return objectWith(market, {
      name: this.marketName(market.id, market.name, language),
      runners: market.runners.map((runner) =>
        objectWith(runner, { name: this.runnerName(runner.id, runner.name, language) }),
      ),
    });
  }

  /** An event view with its markets' names in `language`. */
  localizeEvent(event: SportsEvent, language: Language): SportsEvent {
    if (language === DEFAULT_LANGUAGE) return event;
    return objectWith(event, {
      markets: event.markets.map((market) => this.localize(market, language)),
    });
  }
}
