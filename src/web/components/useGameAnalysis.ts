/**
 * The analysis of a finished game for the replay viewer: the server's (POST, then GET until
 * done, with the queue position and progress) or one opened from a file written by
 * `bottle-imp analyse --json`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors.js';
import type { Analysis } from '../game/analysis.js';
import { type AnalysisReply, ApiError, getAnalysis, requestAnalysis } from '../net/api.js';

const POLL_MS = 1500;

export interface GameAnalysis {
  readonly analysis: Analysis | null;
  readonly reply: AnalysisReply | null;
  readonly error: string | null;
  /** Ask the server to analyse the game (only for a game from the server). */
  readonly start: (() => void) | null;
  /** Use an analysis written by `bottle-imp analyse --json`. */
  readonly open: (text: string) => void;
  /** Decisions judged so far, while an analysis runs in this browser (an offline game's). */
  readonly progress?: { readonly done: number; readonly total: number } | null;
  /** Stops the analysis running in this browser. */
  readonly cancel?: (() => void) | null;
}

/** An analysis file written by `bottle-imp analyse --json`, or null when the text is not one. */
export function readAnalysisFile(text: string): Analysis | null {
  try {
    const parsed = JSON.parse(text) as Analysis;
    return parsed?.format === 'bottle-imp-analysis/1' && Array.isArray(parsed.decisions) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The analysis of a server game (status polled while queued or running), or of a file.
 * `ask`: a game not analysed yet is sent to the analysis at once, without the button.
 */
export function useGameAnalysis(gameId: string | null, ask = false): GameAnalysis {
  const { t } = useTranslation();
  const [reply, setReply] = useState<AnalysisReply | null>(null);
  const [fromFile, setFromFile] = useState<Analysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = useCallback(
    (e: unknown) =>
      setError(
        e instanceof ApiError ? t(`analysis.errors.${e.code}`, { defaultValue: errorText(t, e.code) }) : String(e),
      ),
    [t],
  );

  useEffect(() => {
    if (!gameId) return;
    getAnalysis(gameId)
      .then((found) => (ask && found.status === 'none' ? requestAnalysis(gameId) : found), failed)
      .then((r) => r && setReply(r), failed);
  }, [gameId, ask, failed]);

  // While queued or running, ask again after each answer.
  useEffect(() => {
    if (!gameId || (reply?.status !== 'queued' && reply?.status !== 'running')) return;
    const id = setTimeout(() => getAnalysis(gameId).then(setReply, failed), POLL_MS);
    return () => clearTimeout(id);
  }, [gameId, reply, failed]);

  const start = gameId
    ? () => {
        setError(null);
        requestAnalysis(gameId).then(setReply, failed);
      }
    : null;
  const open = (text: string) => {
    const parsed = readAnalysisFile(text);
    setFromFile(parsed ?? fromFile);
    setError(parsed ? null : t('analysis.badFile'));
  };
  return { analysis: fromFile ?? (reply?.status === 'done' ? reply.analysis : null), reply, error, start, open };
}
