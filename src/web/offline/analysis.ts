/**
 * The analysis of a finished offline game, made in a Web Worker of its own (worker.ts)
 * so that the page stays alive: progress as decisions are judged, and a cancel that ends
 * the worker. Once made, it is kept with the game (store.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameAnalysis, readAnalysisFile } from '../components/useGameAnalysis.js';
import { errorText } from '../errors.js';
import type { Analysis } from '../game/analysis.js';
import { offlineWorker, WorkerLink } from './client.js';
import { saveAnalysis } from './store.js';
import type { FinishedOffline } from './types.js';

export function useOfflineAnalysis(game: FinishedOffline | null): GameAnalysis {
  const { t } = useTranslation();
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const link = useRef<WorkerLink | null>(null);

  useEffect(() => setAnalysis(game?.analysis ?? null), [game]);
  // Leaving the page ends an analysis under way.
  useEffect(() => () => link.current?.close(), []);

  const cancel = () => {
    link.current?.close();
    link.current = null;
    setProgress(null);
  };
  const start = game
    ? () => {
        setError(null);
        setProgress({ done: 0, total: 0 });
        const l = new WorkerLink(offlineWorker(), (m) => {
          if (m.type === 'progress') setProgress({ done: m.done, total: m.total });
        });
        link.current = l;
        void l.request({ type: 'analyse', record: game.record }).then(async (answer) => {
          if (link.current !== l) return;
          cancel();
          if (!answer.ok || !answer.analysis)
            return setError(
              errorText(t, answer.ok || answer.code === 'ERR_NO_SAVED_GAME' ? 'ERR_INTERNAL' : answer.code),
            );
          await saveAnalysis(game.id, answer.analysis);
          setAnalysis(answer.analysis);
        });
      }
    : null;
  const open = (text: string) => {
    const parsed = readAnalysisFile(text);
    if (parsed) setAnalysis(parsed);
    setError(parsed ? null : t('analysis.badFile'));
  };
  return {
    analysis,
    reply: progress ? { status: 'running' } : analysis ? { status: 'done', analysis } : { status: 'none' },
    error,
    start,
    open,
    progress,
    cancel: progress ? cancel : null,
  };
}
