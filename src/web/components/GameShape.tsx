/**
 * The fields that shape a game, shared by the home screen's new table and the offline
 * game's setup: the player count (2 to 6) and, where that count has teams, the mode; a
 * bot level; the coach.
 */
import { useTranslation } from 'react-i18next';
import { type Mode, modesFor, type PlayerCount } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { LEVELS } from '../../values/index.js';

const PLAYER_COUNTS: PlayerCount[] = [2, 3, 4, 5, 6];

export function PlayersAndMode({
  players,
  mode,
  onPlayers,
  onMode,
}: {
  players: PlayerCount;
  mode: Mode;
  onPlayers: (players: PlayerCount) => void;
  onMode: (mode: Mode) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="field">
        <legend>{t('home.players')}</legend>
        <div className="segmented">
          {PLAYER_COUNTS.map((p) => (
            <label key={p} className={players === p ? 'on' : undefined}>
              <input
                type="radio"
                name="players"
                checked={players === p}
                onChange={() => onPlayers(p)}
                data-testid={`players-${p}`}
              />
              {p}
            </label>
          ))}
        </div>
      </fieldset>
      {modesFor(players).length > 1 && (
        <label className="field">
          <span>{t('home.mode')}</span>
          <select value={mode} onChange={(e) => onMode(e.target.value as Mode)} data-testid="mode">
            {modesFor(players).map((m) => (
              <option key={m} value={m}>
                {m === 'individual' ? t('home.individual') : t('home.teams', { mode: m })}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

/** A labelled choice of bot level, each named in the player's language. */
export function LevelField({
  label,
  className,
  value,
  onChange,
  testId,
}: {
  label: string;
  className: string;
  value: BotLevel;
  onChange: (level: BotLevel) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as BotLevel)} data-testid={testId}>
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`bot.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The coach (hints and bottle risk) on or off. */
export function CoachField({
  checked,
  onChange,
  testId,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="check" title={t('coach.optionHelp')}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />{' '}
      {t('coach.option')}
    </label>
  );
}
