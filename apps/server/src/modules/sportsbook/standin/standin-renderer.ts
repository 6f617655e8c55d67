import { MAX_WIN_POINTS } from '@spm/contract';
import { MAX_SELECTIONS, MAX_STAKE_POINTS, MIN_STAKE_POINTS } from './standin-odds.ts';
import { STAND_IN_TEXTS } from './standin-texts.ts';

/*
 * The stand-in's renderer: the browser script the player page loads instead of Betby's
 * (`GET /api/sportsbook/stand-in/bt-renderer.js`), with the same entry point, `new
 * BTRenderer().initialize({ brand_id, token, lang, target, themeName, onLogin, onRegister,
 * onTokenExpired })`, and `kill()`. Plain browser JavaScript, no bundler and no library: it is
 * written here as text and sent as is, its settings and the texts of all eight languages
 * (standin-texts.ts) put in once at boot. Everything it draws sits under one element of
 * `target`, with `bt-` classes; names from the catalogue only ever go in as textContent.
 */

/** How often the events and prices are read again while the renderer runs. */
export const RENDERER_REFRESH_MS = 5_000;

const CSS = `
.bt-root{font-family:inherit;color:#1f2933;font-size:15px;line-height:1.35;box-sizing:border-box}
.bt-root *,.bt-root *::before,.bt-root *::after{box-sizing:inherit}
.bt-layout{display:flex;flex-direction:column;gap:12px}
.bt-events{min-width:0}
.bt-events-status{margin:8px 0;color:#52606d}
.bt-group{margin:12px 0 6px;font-size:13px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#52606d}
.bt-event{background:#fff;border:1px solid #d9e2ec;border-radius:10px;padding:10px;margin-bottom:8px}
.bt-event-head{display:flex;flex-wrap:wrap;gap:8px;align-items:center;font-size:12px;color:#52606d}
.bt-badge{padding:1px 6px;border-radius:999px;background:#e4e7eb;color:#323f4b}
.bt-badge-live{background:#e12d39;color:#fff;font-weight:700}
.bt-event-name{font-weight:700;margin:4px 0 2px;overflow-wrap:anywhere}
.bt-market-name{font-size:12px;color:#52606d;margin-bottom:6px}
.bt-suspended{margin-left:6px;color:#ab091e;font-weight:700}
.bt-runners{display:grid;grid-template-columns:repeat(auto-fit,minmax(96px,1fr));gap:6px}
.bt-odds{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;min-height:48px;padding:6px;border:1px solid #9fb3c8;border-radius:8px;background:#f0f4f8;color:inherit;font:inherit;cursor:pointer}
.bt-odds-name{font-size:12px;text-align:center;overflow-wrap:anywhere}
.bt-odds-price{font-weight:700;font-size:16px}
.bt-odds-selected{background:#2680c2;border-color:#186faf;color:#fff}
.bt-odds:disabled{cursor:not-allowed;opacity:.55;background:#e4e7eb}
.bt-slip{position:sticky;bottom:0;background:#fff;border:1px solid #bcccdc;border-radius:12px 12px 0 0;padding:10px;box-shadow:0 -4px 12px rgba(0,0,0,.08);max-height:55vh;overflow:auto}
.bt-slip-title{font-size:16px;margin:0 0 6px}
.bt-slip-empty{margin:0;color:#52606d;font-size:13px}
.bt-slip-leg{display:flex;gap:8px;align-items:center;padding:6px 0;border-bottom:1px solid #e4e7eb}
.bt-slip-leg-info{flex:1;min-width:0}
.bt-slip-leg-event{font-size:12px;color:#52606d;overflow-wrap:anywhere}
.bt-slip-leg-runner{font-weight:600;overflow-wrap:anywhere}
.bt-slip-leg-odds{font-weight:700;white-space:nowrap}
.bt-changed .bt-slip-leg-odds{color:#cb6e17}
.bt-slip-leg-suspended .bt-slip-leg-odds{color:#9aa5b1}
.bt-slip-remove{min-width:36px;min-height:36px;border:0;background:transparent;font-size:20px;cursor:pointer;color:#52606d}
.bt-slip-row{display:flex;justify-content:space-between;gap:8px;margin:6px 0}
.bt-stake-label{display:flex;flex-direction:column;gap:4px;font-size:13px;margin:6px 0}
.bt-stake{font:inherit;font-size:16px;padding:8px;border:1px solid #9fb3c8;border-radius:8px;width:100%}
.bt-place{width:100%;min-height:44px;border:0;border-radius:8px;background:#3ebd93;color:#fff;font:inherit;font-weight:700;font-size:16px;cursor:pointer;margin-top:6px}
.bt-place:disabled{background:#9fb3c8;cursor:not-allowed}
.bt-message{margin-top:8px;font-size:13px;min-height:1em;overflow-wrap:anywhere}
.bt-message-ok{color:#147d64}
.bt-message-error{color:#ab091e}
@media (min-width:900px){.bt-layout{flex-direction:row;align-items:flex-start}.bt-events{flex:1}.bt-slip{flex:0 0 320px;top:12px;bottom:auto;border-radius:12px}}
`;

/**
 * JSON with every character past ASCII escaped (\uXXXX): the script's texts then arrive intact
 * whatever charset a cache or proxy on the way claims for it.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The script, for the API base it calls (`{prefix}/sportsbook/stand-in`). */
export function rendererScript(apiBase: string): string {
  const config = asciiJson({
    apiBase,
    texts: STAND_IN_TEXTS,
    css: CSS.trim(),
    refreshMs: RENDERER_REFRESH_MS,
    minStakePoints: MIN_STAKE_POINTS,
    maxStakePoints: MAX_STAKE_POINTS,
    maxWinPoints: MAX_WIN_POINTS,
    maxSelections: MAX_SELECTIONS,
  });
  return String.raw`/* SPM sportsbook stand-in: Betby's BTRenderer interface over the platform's own book. */
(function () {
  'use strict';
  var CONFIG = ${config};
  var TEXTS = CONFIG.texts;
  var current = document.currentScript;
  var API_BASE = new URL(CONFIG.apiBase, (current && current.src) || window.location.href)
    .toString()
    .replace(/\/$/, '');
  var MESSAGE_KEYS = {
    UNAUTHORIZED: 'sessionExpired',
    ODDS_CHANGED: 'oddsChanged',
    SUSPENDED: 'marketSuspended',
    NOT_OFFERED: 'notOffered',
    NOT_ENOUGH_MONEY: 'notEnoughMoney',
    LIMIT_REACHED: 'limitReached',
    MAX_WIN: 'maxWin',
    BLOCKED: 'blocked'
  };

  function languageOf(lang) {
    var code = String(lang || 'en').toLowerCase().slice(0, 2);
    return Object.prototype.hasOwnProperty.call(TEXTS, code) ? code : 'en';
  }

  function translator(language) {
    var chosen = TEXTS[language] || {};
    return function (key, values) {
      var text = chosen[key] || TEXTS.en[key] || key;
      Object.keys(values || {}).forEach(function (name) {
        text = text.split('{' + name + '}').join(String(values[name]));
      });
      return text;
    };
  }

  function element(tag, className, attributes, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function oddsText(hundredths) {
    return (hundredths / 100).toFixed(2);
  }

  /** Exact product of the legs' odds (hundredths), as Betby's total odds: no float drift. */
  function product(selections) {
    var numerator = BigInt(1);
    var denominator = BigInt(1);
    selections.forEach(function (selection) {
      numerator *= BigInt(selection.oddsHundredths);
      denominator *= BigInt(100);
    });
    return { numerator: numerator, denominator: denominator };
  }

  function twoDecimals(hundredths) {
    var whole = hundredths / BigInt(100);
    var cents = String(hundredths % BigInt(100));
    return String(whole) + '.' + (cents.length < 2 ? '0' + cents : cents);
  }

  function hundredthsOf(odds) {
    return Math.round(odds * 100);
  }

  function Run(options, target) {
    this.options = options;
    this.target = target;
    this.language = languageOf(options.lang);
    this.t = translator(this.language);
    this.token = options.token || null;
    this.events = [];
    this.selections = [];
    this.busy = false;
    this.loading = false;
    this.stopped = false;
    this.controller = typeof AbortController === 'function' ? new AbortController() : null;
    this.build();
    this.refresh();
    var self = this;
    this.timer = setInterval(function () {
      self.refresh();
    }, CONFIG.refreshMs);
  }

  Run.prototype.build = function () {
    var t = this.t;
    var self = this;
    this.root = element('div', 'bt-root', { 'data-testid': 'bt-root', lang: this.language });
    this.root.appendChild(element('style', '', {}, CONFIG.css));
    var layout = element('div', 'bt-layout');
    var events = element('section', 'bt-events');
    this.eventsStatus = element('p', 'bt-events-status');
    this.eventsList = element('div', 'bt-events-list');
    events.appendChild(this.eventsStatus);
    events.appendChild(this.eventsList);

    this.slip = element('aside', 'bt-slip', { 'data-testid': 'bt-slip', 'aria-label': t('betSlip') });
    this.slipTitle = element('h2', 'bt-slip-title', {}, t('betSlip'));
    this.slipEmpty = element('p', 'bt-slip-empty', {}, t('emptySlip'));
    this.slipLegs = element('div', 'bt-slip-legs');
    this.summary = element('div', 'bt-slip-summary');
    var typeRow = element('div', 'bt-slip-row');
    this.slipType = element('span', 'bt-slip-type');
    this.slipOdds = element('span', 'bt-slip-odds');
    typeRow.appendChild(this.slipType);
    typeRow.appendChild(this.slipOdds);
    var stakeLabel = element('label', 'bt-stake-label');
    stakeLabel.appendChild(element('span', '', {}, t('stake')));
    this.stakeInput = element('input', 'bt-stake', {
      'data-testid': 'bt-stake',
      type: 'number',
      inputmode: 'numeric',
      min: String(CONFIG.minStakePoints),
      max: String(CONFIG.maxStakePoints),
      step: '1',
      value: String(CONFIG.minStakePoints)
    });
    this.stakeInput.addEventListener('input', function () {
      self.renderSlip();
    });
    stakeLabel.appendChild(this.stakeInput);
    var winRow = element('div', 'bt-slip-row');
    winRow.appendChild(element('span', '', {}, t('potentialWin')));
    this.slipWin = element('strong', 'bt-slip-win', { 'data-testid': 'bt-potential-win' });
    winRow.appendChild(this.slipWin);
    this.summary.appendChild(typeRow);
    this.summary.appendChild(stakeLabel);
    this.summary.appendChild(winRow);
    this.placeButton = element('button', 'bt-place', { type: 'button', 'data-testid': 'bt-place' });
    this.placeButton.addEventListener('click', function () {
      self.place();
    });
    this.message = element('div', 'bt-message', {
      'data-testid': 'bt-message',
      role: 'status',
      'aria-live': 'polite'
    });
    this.slip.appendChild(this.slipTitle);
    this.slip.appendChild(this.slipEmpty);
    this.slip.appendChild(this.slipLegs);
    this.slip.appendChild(this.summary);
    this.slip.appendChild(this.placeButton);
    this.slip.appendChild(this.message);

    layout.appendChild(events);
    layout.appendChild(this.slip);
    this.root.appendChild(layout);
    this.target.appendChild(this.root);
    this.renderSlip();
  };

  Run.prototype.stop = function () {
    this.stopped = true;
    clearInterval(this.timer);
    if (this.controller) this.controller.abort();
    if (this.root.parentNode) this.root.parentNode.removeChild(this.root);
  };

  Run.prototype.request = function (path, init) {
    var options = init || {};
    if (this.controller) options.signal = this.controller.signal;
    return fetch(API_BASE + path, options);
  };

  Run.prototype.refresh = function () {
    if (this.loading || this.stopped) return;
    var self = this;
    this.loading = true;
    this.request('/events?lang=' + encodeURIComponent(this.language), { cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (body) {
        if (self.stopped) return;
        self.events = Array.isArray(body.events) ? body.events : [];
        self.eventsStatus.textContent = self.events.length === 0 ? self.t('noEvents') : '';
        self.syncSelections();
        self.renderEvents();
        self.renderSlip();
      })
      .catch(function () {
        if (!self.stopped) self.eventsStatus.textContent = self.t('loadFailed');
      })
      .then(function () {
        self.loading = false;
      });
  };

  /** The slip follows the prices: a changed price is taken and marked, a gone one suspended. */
  Run.prototype.syncSelections = function () {
    var events = this.events;
    this.selections.forEach(function (selection) {
      var event = events.filter(function (candidate) {
        return candidate.id === selection.eventId;
      })[0];
      var market = event && event.market.id === selection.marketId ? event.market : null;
      var runner = market
        ? market.runners.filter(function (candidate) {
            return candidate.id === selection.runnerId;
          })[0]
        : null;
      if (!runner) {
        selection.suspended = true;
        return;
      }
      var hundredths = hundredthsOf(runner.odds);
      if (hundredths !== selection.oddsHundredths) selection.changed = true;
      selection.oddsHundredths = hundredths;
      selection.suspended = market.suspended;
    });
  };

  Run.prototype.selectionOf = function (eventId) {
    return this.selections.filter(function (selection) {
      return selection.eventId === eventId;
    })[0];
  };

  Run.prototype.toggle = function (event, runner) {
    var existing = this.selectionOf(event.id);
    this.say('', '');
    if (existing && existing.runnerId === runner.id) {
      this.selections.splice(this.selections.indexOf(existing), 1);
    } else {
      if (!existing && this.selections.length >= CONFIG.maxSelections) {
        this.say(this.t('maxSelections', { max: CONFIG.maxSelections }), 'error');
        return;
      }
      var selection = {
        eventId: event.id,
        eventName: event.name,
        marketId: event.market.id,
        runnerId: runner.id,
        runnerName: runner.name,
        oddsHundredths: hundredthsOf(runner.odds),
        suspended: event.market.suspended,
        changed: false
      };
      // One selection per event: another outcome of the same match replaces it.
      if (existing) this.selections[this.selections.indexOf(existing)] = selection;
      else this.selections.push(selection);
    }
    this.renderEvents();
    this.renderSlip();
  };

  Run.prototype.formatStart = function (iso) {
    try {
      return new Intl.DateTimeFormat(this.language, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit'
      }).format(new Date(iso));
    } catch (error) {
      return iso;
    }
  };

  Run.prototype.renderEvents = function () {
    var self = this;
    var t = this.t;
    var fragment = document.createDocumentFragment();
    var group = null;
    this.events.forEach(function (event) {
      var eventGroup = event.inPlay ? 'inPlay' : 'upcoming';
      if (eventGroup !== group) {
        group = eventGroup;
        fragment.appendChild(element('h3', 'bt-group', {}, t(eventGroup)));
      }
      var card = element('div', 'bt-event', { 'data-testid': 'bt-event', 'data-event-id': event.id });
      var head = element('div', 'bt-event-head');
      head.appendChild(
        event.inPlay
          ? element('span', 'bt-badge bt-badge-live', {}, t('inPlay'))
          : element('span', 'bt-badge', {}, self.formatStart(event.startTime))
      );
      head.appendChild(element('span', 'bt-competition', {}, event.competitionName));
      card.appendChild(head);
      card.appendChild(element('div', 'bt-event-name', {}, event.name));
      var marketName = element('div', 'bt-market-name', {}, event.market.name);
      if (event.market.suspended) {
        marketName.appendChild(element('span', 'bt-suspended', {}, t('suspended')));
      }
      card.appendChild(marketName);
      var runners = element('div', 'bt-runners');
      var chosen = self.selectionOf(event.id);
      event.market.runners.forEach(function (runner) {
        var selected = Boolean(chosen && chosen.runnerId === runner.id);
        var button = element('button', 'bt-odds' + (selected ? ' bt-odds-selected' : ''), {
          type: 'button',
          'data-testid': 'bt-odds',
          'data-market-id': event.market.id,
          'data-runner-id': runner.id,
          'aria-pressed': selected ? 'true' : 'false'
        });
        button.appendChild(element('span', 'bt-odds-name', {}, runner.name));
        button.appendChild(element('span', 'bt-odds-price', {}, oddsText(hundredthsOf(runner.odds))));
        button.disabled = Boolean(event.market.suspended);
        button.addEventListener('click', function () {
          self.toggle(event, runner);
        });
        runners.appendChild(button);
      });
      card.appendChild(runners);
      fragment.appendChild(card);
    });
    while (this.eventsList.firstChild) this.eventsList.removeChild(this.eventsList.firstChild);
    this.eventsList.appendChild(fragment);
  };

  /** The stake typed, in whole points; null when it is not a whole number. */
  Run.prototype.stakePoints = function () {
    var value = String(this.stakeInput.value).trim();
    return /^\d{1,9}$/.test(value) ? Number(value) : null;
  };

  Run.prototype.renderSlip = function () {
    var self = this;
    var t = this.t;
    var count = this.selections.length;
    this.slipTitle.textContent = count > 0 ? t('betSlip') + ' (' + count + ')' : t('betSlip');
    while (this.slipLegs.firstChild) this.slipLegs.removeChild(this.slipLegs.firstChild);
    this.selections.forEach(function (selection) {
      var leg = element(
        'div',
        'bt-slip-leg' +
          (selection.suspended ? ' bt-slip-leg-suspended' : '') +
          (selection.changed ? ' bt-changed' : ''),
        { 'data-testid': 'bt-slip-leg' }
      );
      var info = element('div', 'bt-slip-leg-info');
      info.appendChild(element('div', 'bt-slip-leg-event', {}, selection.eventName));
      info.appendChild(element('div', 'bt-slip-leg-runner', {}, selection.runnerName));
      leg.appendChild(info);
      leg.appendChild(
        element(
          'span',
          'bt-slip-leg-odds',
          {},
          selection.suspended ? t('suspended') : oddsText(selection.oddsHundredths)
        )
      );
      var remove = element('button', 'bt-slip-remove', { type: 'button', 'aria-label': t('remove') }, '\u00d7');
      remove.addEventListener('click', function () {
        self.selections.splice(self.selections.indexOf(selection), 1);
        self.say('', '');
        self.renderEvents();
        self.renderSlip();
      });
      leg.appendChild(remove);
      self.slipLegs.appendChild(leg);
    });
    this.slipEmpty.hidden = count > 0;
    this.summary.hidden = count === 0;
    var total = product(this.selections);
    this.slipType.textContent = count > 1 ? t('accumulator', { count: count }) : t('single');
    this.slipOdds.textContent =
      t('totalOdds') + ': ' + twoDecimals((total.numerator * BigInt(100)) / total.denominator);
    var stake = this.stakePoints();
    this.slipWin.textContent =
      stake === null || count === 0
        ? '\u2013'
        : twoDecimals((BigInt(stake) * BigInt(100) * total.numerator) / total.denominator);
    var suspended = this.selections.some(function (selection) {
      return selection.suspended;
    });
    this.placeButton.disabled = this.busy || count === 0 || suspended;
    this.placeButton.textContent = this.busy ? t('placing') : t('placeBet');
  };

  Run.prototype.say = function (text, kind) {
    this.message.textContent = text;
    this.message.className = 'bt-message' + (kind ? ' bt-message-' + kind : '');
  };

  Run.prototype.post = function (stake) {
    return this.request('/bets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + this.token },
      body: JSON.stringify({
        selections: this.selections.map(function (selection) {
          return {
            marketId: selection.marketId,
            runnerId: selection.runnerId,
            odds: selection.oddsHundredths / 100
          };
        }),
        stakePoints: stake
      })
    });
  };

  Run.prototype.place = function () {
    var self = this;
    var t = this.t;
    if (this.busy || this.selections.length === 0) return;
    var stake = this.stakePoints();
    if (stake === null || stake < CONFIG.minStakePoints) {
      this.say(t('minStake', { min: CONFIG.minStakePoints }), 'error');
      return;
    }
    if (stake > CONFIG.maxStakePoints) {
      this.say(t('maxStake', { max: CONFIG.maxStakePoints }), 'error');
      return;
    }
    var total = product(this.selections);
    if (BigInt(stake) * total.numerator > BigInt(CONFIG.maxWinPoints) * total.denominator) {
      this.say(t('maxWin', { max: CONFIG.maxWinPoints }), 'error');
      return;
    }
    // A visitor is asked to sign in, as Betby's renderer does.
    if (!this.token) {
      if (typeof this.options.onLogin === 'function') this.options.onLogin();
      return;
    }
    this.busy = true;
    this.say('', '');
    this.renderSlip();
    this.post(stake)
      .then(function (response) {
        // An expired token: the page may hand a fresh one (Betby's onTokenExpired), tried once.
        if (response.status !== 401 || typeof self.options.onTokenExpired !== 'function') {
          return response;
        }
        return Promise.resolve(self.options.onTokenExpired()).then(function (fresh) {
          if (typeof fresh !== 'string' || fresh === '') return response;
          self.token = fresh;
          return self.post(stake);
        });
      })
      .then(function (response) {
        return response
          .json()
          .catch(function () {
            return null;
          })
          .then(function (body) {
            if (self.stopped) return;
            if (response.ok && body) self.accepted(body);
            else self.refused(body);
          });
      })
      .catch(function () {
        if (!self.stopped) self.say(t('failed'), 'error');
      })
      .then(function () {
        self.busy = false;
        if (!self.stopped) self.renderSlip();
      });
  };

  Run.prototype.accepted = function (body) {
    this.selections = [];
    this.say(
      this.t('accepted', { betId: body.betId, balance: Number(body.balancePoints).toFixed(2) }),
      'ok'
    );
    this.renderEvents();
  };

  Run.prototype.refused = function (body) {
    var code = body && body.code;
    var self = this;
    if (body && Array.isArray(body.prices)) {
      body.prices.forEach(function (price) {
        self.selections.forEach(function (selection) {
          if (selection.marketId !== price.marketId || selection.runnerId !== price.runnerId) return;
          if (price.odds === null) {
            selection.suspended = true;
            return;
          }
          var hundredths = hundredthsOf(price.odds);
          if (hundredths !== selection.oddsHundredths) selection.changed = true;
          selection.oddsHundredths = hundredths;
        });
      });
    }
    var key = MESSAGE_KEYS[code];
    var english = this.language === 'en' && body && typeof body.message === 'string';
    this.say(key ? this.t(key) : english ? body.message : this.t('failed'), 'error');
  };

  function BTRenderer() {
    this.run = null;
  }

  BTRenderer.prototype.initialize = function (options) {
    var settings = options || {};
    var target =
      typeof settings.target === 'string' ? document.querySelector(settings.target) : settings.target;
    if (!target || typeof target.appendChild !== 'function') {
      throw new Error('BTRenderer: options.target must be an element');
    }
    this.kill();
    this.run = new Run(settings, target);
    return this;
  };

  /** Betby's renderer takes a fresh token this way too. */
  BTRenderer.prototype.updateOptions = function (options) {
    if (this.run && options && 'token' in options) this.run.token = options.token || null;
  };

  BTRenderer.prototype.kill = function () {
    if (this.run) this.run.stop();
    this.run = null;
  };

  window.BTRenderer = BTRenderer;
})();
`;
}
