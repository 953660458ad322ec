/**
 * The fields that shape a game, shared by the home screen's new table and the offline
 * game's setup: the player count (2 to 6) and, where that count has teams, the mode; the
 * game's length (rounds or a target score); what sits in each other seat; a bot level;
 * the coach.
 */
import { useTranslation } from 'react-i18next';
import { type Mode, modesFor, type PlayerCount, setupFor } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { LEVELS } from '../../values/index.js';
import { seatNumbers } from '../game/model.js';

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

/** How long a game lasts: a number of rounds, or until a player reaches a target score. */
export interface GameLength {
  readonly by: 'rounds' | 'target';
  readonly rounds: number;
  readonly target: number;
}

/** The usual length for `players`: their edition's number of rounds (a target of 200 kept for a switch). */
export function defaultLength(players: PlayerCount): GameLength {
  return { by: 'rounds', rounds: setupFor(players).defaultRounds, target: 200 };
}

/** The game options a length gives: exactly one of rounds and targetScore. */
export function lengthOptions(length: GameLength): { rounds: number } | { targetScore: number } {
  return length.by === 'rounds' ? { rounds: length.rounds } : { targetScore: length.target };
}

export function LengthField({ value, onChange }: { value: GameLength; onChange: (length: GameLength) => void }) {
  const { t } = useTranslation();
  const set = (change: Partial<GameLength>) => onChange({ ...value, ...change });
  return (
    <fieldset className="field">
      <legend>{t('home.length')}</legend>
      <div className="length">
        <LengthChoice
          label={t('home.rounds')}
          chosen={value.by === 'rounds'}
          onChoose={() => set({ by: 'rounds' })}
          value={value.rounds}
          max={50}
          onValue={(rounds) => set({ rounds })}
          testId="rounds"
        />
        <LengthChoice
          label={t('home.target')}
          chosen={value.by === 'target'}
          onChoose={() => set({ by: 'target' })}
          value={value.target}
          max={10000}
          step={50}
          onValue={(target) => set({ target })}
          testId="target"
        />
      </div>
    </fieldset>
  );
}

/** One way to measure a game: its radio button, and its number (1 to `max`), usable once chosen. */
function LengthChoice({
  label,
  chosen,
  onChoose,
  value,
  max,
  step,
  onValue,
  testId,
}: {
  label: string;
  chosen: boolean;
  onChoose: () => void;
  value: number;
  max: number;
  step?: number;
  onValue: (value: number) => void;
  testId: string;
}) {
  return (
    <>
      <label>
        <input type="radio" name="length" checked={chosen} onChange={onChoose} data-testid={`length-${testId}`} />{' '}
        {label}
      </label>
      <input
        type="number"
        min={1}
        max={max}
        step={step}
        value={value}
        disabled={!chosen}
        onChange={(e) => onValue(Math.max(1, Math.min(max, Number(e.target.value) || 1)))}
        aria-label={label}
        data-testid={testId}
      />
    </>
  );
}

/**
 * What sits in each seat after the player's (seats 2 to `players`), one choice per seat:
 * `value` holds a choice for every seat a game may have, of which the first `players - 1`
 * are shown and used.
 */
export function SeatChoices<C extends string>({
  players,
  value,
  onChange,
  choices,
}: {
  players: PlayerCount;
  value: readonly C[];
  onChange: (seats: C[]) => void;
  choices: readonly { readonly value: C; readonly label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="field">
      <legend>{t('home.otherSeats')}</legend>
      <ul className="seat-choices">
        {seatNumbers(players - 1).map((i) => (
          <li key={i}>
            <span id={`seat-choice-label-${i}`}>{t('home.seatN', { n: i + 2 })}</span>
            <select
              aria-labelledby={`seat-choice-label-${i}`}
              value={value[i]}
              onChange={(e) => onChange(value.map((c, j) => (j === i ? (e.target.value as C) : c)))}
              data-testid={`seat-choice-${i}`}
            >
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
