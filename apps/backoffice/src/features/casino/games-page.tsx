import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASINO_FAMILIES,
  MAX_BET_POINTS,
  staffCasinoGameUpdateBodySchema,
  type StaffCasinoGame,
  type StaffCasinoGameUpdateBody,
} from '@spm/contract';
import { formatAmount } from '@spm/client';
import {
  type Column,
  DataTable,
  Field,
  ModalForm,
  opsErrorText,
  StatusBadge,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { casinoKeys, fetchGames, updateGame } from './api.ts';
import { firstIssue } from './lib.ts';
import './casino.css';

/** The catalogue: inline switches for enabled and tags, the lobby order, and a limits editor. */
export function CasinoGamesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const games = useQuery({ queryKey: casinoKeys.games, queryFn: fetchGames });
  const [family, setFamily] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<StaffCasinoGame | null>(null);

  const change = useMutation({
    mutationFn: ({ game, body }: { game: StaffCasinoGame; body: StaffCasinoGameUpdateBody }) =>
      updateGame(game.id, body),
    onSuccess: (updated) => {
      client.setQueryData<StaffCasinoGame[]>(casinoKeys.games, (list) =>
        list?.map((game) => (game.id === updated.id ? updated : game)),
      );
      toastSuccess(t('casino.games.saved', { name: updated.name }));
    },
  });
  const save = (game: StaffCasinoGame, body: StaffCasinoGameUpdateBody) =>
    change.mutate({ game, body });

  const needle = search.trim().toLowerCase();
  const rows = (games.data ?? []).filter(
    (game) =>
      (family === '' || game.family === family) &&
      (needle === '' ||
        game.name.toLowerCase().includes(needle) ||
        game.id.includes(needle) ||
        game.providerName.toLowerCase().includes(needle)),
  );

  const columns: Column<StaffCasinoGame>[] = [
    {
      key: 'order',
      header: t('casino.games.order'),
      render: (game) => (
        <OrderInput
          game={game}
          busy={change.isPending}
          onSave={(sortOrder) => save(game, { sortOrder })}
        />
      ),
    },
    {
      key: 'name',
      header: t('casino.games.name'),
      render: (game) => (
        <span>
          {game.name}
          <br />
          <small className="muted">
            {game.providerName} · {t(`casino.families.${game.family}`)} · {game.category}
          </small>
        </span>
      ),
    },
    {
      key: 'limits',
      header: t('casino.games.limits'),
      align: 'num',
      render: (game) => `${formatAmount(game.minBet)} – ${formatAmount(game.maxBet)}`,
    },
    {
      key: 'rtp',
      header: t('casino.games.rtp'),
      align: 'num',
      render: (game) => (
        <span title={t('casino.honestLobby.rtpHint')} data-testid="casino-game-rtp">
          {game.rtp.min === game.rtp.max
            ? `${game.rtp.max.toFixed(2)} %`
            : `${game.rtp.min.toFixed(2)}–${game.rtp.max.toFixed(2)} %`}
        </span>
      ),
    },
    {
      key: 'tags',
      header: t('casino.games.tags'),
      render: (game) => (
        <span className="casino-inline-checks">
          <label>
            <input
              type="checkbox"
              checked={game.tags.includes('new')}
              disabled={change.isPending}
              aria-label={t('casino.games.newFor', { name: game.name })}
              onChange={(event) => save(game, { isNew: event.target.checked })}
            />
            {t('casino.tags.new')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={game.tags.includes('popular')}
              disabled={change.isPending}
              aria-label={t('casino.games.popularFor', { name: game.name })}
              onChange={(event) => save(game, { isPopular: event.target.checked })}
            />
            {t('casino.tags.popular')}
          </label>
        </span>
      ),
    },
    {
      key: 'enabled',
      header: t('casino.games.status'),
      render: (game) => (
        <span className="casino-inline-checks">
          <label>
            <input
              type="checkbox"
              checked={game.enabled}
              disabled={change.isPending}
              aria-label={t('casino.games.enabledFor', { name: game.name })}
              onChange={(event) => save(game, { enabled: event.target.checked })}
            />
            <StatusBadge
              status={game.enabled ? 'active' : 'disabled'}
              label={game.enabled ? t('casino.enabled') : t('casino.disabled')}
            />
          </label>
        </span>
      ),
    },
    {
      key: 'edit',
      header: <span className="sr-only">{t('casino.games.edit')}</span>,
      render: (game) => (
        <button
          type="button"
          onClick={() => setEditing(game)}
          aria-label={t('casino.games.editFor', { name: game.name })}
        >
          {t('casino.games.edit')}
        </button>
      ),
    },
  ];

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('casino.games.title')}</h1>
      </div>
      <div className="filters casino-filters">
        <Field label={t('casino.games.family')}>
          <select value={family} onChange={(event) => setFamily(event.target.value)}>
            <option value="">{t('casino.games.allFamilies')}</option>
            {CASINO_FAMILIES.map((name) => (
              <option key={name} value={name}>
                {t(`casino.families.${name}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('casino.games.search')}>
          <input
            type="search"
            value={search}
            maxLength={60}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
      </div>
      {games.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(games.error)}
        </p>
      ) : null}
      {change.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(change.error)}
        </p>
      ) : null}
      <div className="casino-table">
        <DataTable
          columns={columns}
          rows={games.data ? rows : undefined}
          rowKey={(game) => game.id}
          loading={games.isPending}
          empty={t('casino.games.empty')}
          testId="casino-games-table"
        />
      </div>
      <GameEditDialog game={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** The lobby order, saved when it leaves the field (or on Enter) if it changed. */
function OrderInput({
  game,
  busy,
  onSave,
}: {
  game: StaffCasinoGame;
  busy: boolean;
  onSave: (sortOrder: number) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(game.sortOrder));
  useEffect(() => setValue(String(game.sortOrder)), [game.sortOrder]);
  const commit = () => {
    const next = Number(value);
    if (value.trim() === '' || !Number.isInteger(next) || next < 0) {
      setValue(String(game.sortOrder));
      return;
    }
    if (next !== game.sortOrder) onSave(next);
  };
  return (
    <input
      className="casino-order"
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      value={value}
      disabled={busy}
      aria-label={t('casino.games.orderFor', { name: game.name })}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

interface GameDraft {
  minBet: string;
  maxBet: string;
  name: string;
  category: string;
  thumbnail: string;
}

const draftOf = (game: StaffCasinoGame): GameDraft => ({
  minBet: String(game.minBet),
  maxBet: String(game.maxBet),
  name: game.name,
  category: game.category,
  thumbnail: game.thumbnail,
});

/** Limits (points, within the game rules' cap) and the lobby texts of one game. */
function GameEditDialog({ game, onClose }: { game: StaffCasinoGame | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<GameDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDraft(game ? draftOf(game) : null);
    setProblem(null);
  }, [game]);

  const save = useMutation({
    mutationFn: (body: StaffCasinoGameUpdateBody) => updateGame(game?.id ?? '', body),
    onSuccess: async (updated) => {
      await client.invalidateQueries({ queryKey: casinoKeys.games });
      toastSuccess(t('casino.games.saved', { name: updated.name }));
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!game || !draft) return;
    const minBet = Number(draft.minBet);
    const maxBet = Number(draft.maxBet);
    if (
      draft.minBet.trim() === '' ||
      draft.maxBet.trim() === '' ||
      !(minBet > 0) ||
      !(maxBet > 0)
    ) {
      setProblem(t('casino.games.limitsRequired'));
      return;
    }
    if (minBet > maxBet) {
      setProblem(t('casino.games.minAboveMax'));
      return;
    }
    if (maxBet > MAX_BET_POINTS) {
      setProblem(t('casino.games.maxAboveRules', { max: formatAmount(MAX_BET_POINTS) }));
      return;
    }
    // Only what changed is sent, so the audit shows exactly what this edit did.
    const body: StaffCasinoGameUpdateBody = {};
    if (minBet !== game.minBet) body.minBet = minBet;
    if (maxBet !== game.maxBet) body.maxBet = maxBet;
    if (draft.name.trim() !== game.name) body.name = draft.name;
    if (draft.category.trim() !== game.category) body.category = draft.category;
    if (draft.thumbnail.trim() !== game.thumbnail) body.thumbnail = draft.thumbnail;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    const checked = staffCasinoGameUpdateBodySchema.safeParse(body);
    if (!checked.success) {
      setProblem(firstIssue(checked.error));
      return;
    }
    setProblem(null);
    save.mutate(checked.data);
  };

  const set = (key: keyof GameDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => (current ? { ...current, [key]: event.target.value } : current));

  return (
    <ModalForm
      open={game !== null && draft !== null}
      title={t('casino.games.editTitle', { name: game?.name ?? '' })}
      onClose={onClose}
      onSubmit={submit}
      busy={save.isPending}
      error={problem ?? (save.isError ? opsErrorText(save.error) : null)}
    >
      {draft ? (
        <div className="casino-form-grid">
          <Field label={t('casino.games.minBet')}>
            <input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              value={draft.minBet}
              onChange={set('minBet')}
              data-autofocus
            />
          </Field>
          <Field label={t('casino.games.maxBet')}>
            <input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              max={MAX_BET_POINTS}
              value={draft.maxBet}
              onChange={set('maxBet')}
            />
          </Field>
          <Field label={t('casino.games.name')}>
            <input value={draft.name} maxLength={80} onChange={set('name')} />
          </Field>
          <Field label={t('casino.games.category')}>
            <input value={draft.category} maxLength={60} onChange={set('category')} />
          </Field>
          <Field label={t('casino.games.thumbnail')}>
            <input value={draft.thumbnail} maxLength={500} onChange={set('thumbnail')} />
          </Field>
        </div>
      ) : null}
      <p className="muted">{t('casino.games.rulesCap', { max: formatAmount(MAX_BET_POINTS) })}</p>
    </ModalForm>
  );
}
