/**
 * How to play: the story that gives the game its theme, the rules in short, the rule
 * book's worked example drawn as cards, and the deck table.
 */
import { useTranslation } from 'react-i18next';
import { Card } from '../components/Card.js';
import { ReferenceCard } from '../components/ReferenceCard.js';
import { BottleIcon } from '../components/SeatPanel.js';

/** The rule book's example: four players, the bottle at 19 and owned by nobody. */
const EXAMPLE = [
  { who: 'Adam', card: 24 },
  { who: 'Betty', card: 15 },
  { who: 'Christian', card: 17 },
  { who: 'Doris', card: 32 },
] as const;

const SECTIONS = ['deal', 'pass', 'tricks', 'win', 'score', 'two', 'bottles', 'teams', 'length', 'controls'] as const;

/** The rules as a page, or inside a dialog at the table (embedded), where leaving would interrupt the game. */
export function Rules({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const Root = embedded ? 'div' : 'main';
  return (
    <Root className={embedded ? 'rules' : 'page rules'} data-testid="rules">
      {!embedded && <h1>{t('rules.title')}</h1>}
      <blockquote className="story">
        <p>{t('rules.story1')}</p>
        <p>{t('rules.story2')}</p>
        <footer>— Robert Louis Stevenson, {t('rules.storySource')}</footer>
      </blockquote>
      <section className="panel">
        <h2>{t('rules.goalTitle')}</h2>
        <p>{t('rules.goal')}</p>
      </section>
      {SECTIONS.map((s) => (
        <section key={s} className="panel">
          <h2>{t(`rules.${s}Title`)}</h2>
          <p>{t(`rules.${s}`)}</p>
        </section>
      ))}
      <section className="panel example">
        <h2>{t('rules.exampleTitle')}</h2>
        <p>{t('rules.exampleSetup')}</p>
        <div className="example-row">
          <div className="example-bottle">
            <BottleIcon large />
            <span>19</span>
          </div>
          <ol className="trick-cards">
            {EXAMPLE.map((e) => (
              <li key={e.card} className="trick-slot">
                <Card rank={e.card} size="small" glow={e.card === 17} />
                <span className="trick-who">{e.who}</span>
              </li>
            ))}
          </ol>
        </div>
        <p>{t('rules.exampleResult')}</p>
      </section>
      <section className="panel">
        <h2>{t('rules.deckTitle')}</h2>
        <p>{t('rules.deck')}</p>
        <ReferenceCard extended />
      </section>
    </Root>
  );
}
