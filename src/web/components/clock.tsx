/**
 * The turn clock as people read it: the host's choice in words, and the time left until
 * an epoch-ms deadline from the server, ticking once a second, in seconds below a minute
 * and minutes:seconds above.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TURN_CLOCK_SECONDS, TURN_CLOCKS, type TurnClock } from '../../values/index.js';
import { useNow } from './useNow.js';

/** Ten seconds or less: the countdown turns urgent. */
export const CLOCK_LOW_SECONDS = 10;

/**
 * Whole seconds left until `until` (epoch ms), or null when no clock runs. A clock that
 * starts later (`from`, epoch ms: GameUpdate.reading) stands still until then.
 */
export function useSecondsLeft(until: number | null, from: number | null = null): number | null {
  const now = useNow(until !== null);
  return until === null ? null : Math.max(0, Math.ceil(until / 1000 - Math.max(now, (from ?? 0) / 1000)));
}

export function formatClock(seconds: number): string {
  return seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` : `${seconds}s`;
}

/** The host's choice of clock (create form, lobby), each as "Normal: 40 s a card". */
export function ClockField(props: {
  readonly value: TurnClock;
  readonly onChange: (clock: TurnClock) => void;
  readonly className: string;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={props.className} title={t('clock.optionHelp')}>
      <span>{t('clock.option')}</span>
      <select
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as TurnClock)}
        data-testid={props.testId}
      >
        {TURN_CLOCKS.map((c) => (
          <option key={c} value={c}>
            {t(`clock.choice.${c}`, { seconds: TURN_CLOCK_SECONDS[c] })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A clock in a few words, for the lobby and the table bar: "40 s clock". */
export function clockShort(t: TFunction, clock: TurnClock): string {
  const seconds = TURN_CLOCK_SECONDS[clock];
  return seconds === null ? t('clock.short') : t('clock.shortOn', { seconds });
}
