/**
 * The words of ratings (docs/ratings.md): the rated option, the pools, the change at game
 * over, the leaderboard and the profile's ratings, in their own file like clock.ts; every
 * locale spreads its own in.
 */
import type { Shape } from './shape.js';

export const ratingsEn = {
  ratings: {
    rated: 'Rated',
    ratedHelp: 'Counts for the ratings of everyone signed in, when two or more are. Coach off, clock normal or fast.',
    pool: { '2p': '2 players', '3p': '3 players', '4p': '4 players', '5-6p': '5–6 players', teams: 'Teams' },
    leaderboard: 'Leaderboards',
    title: 'Leaderboard: {{pool}}',
    empty: 'Nobody has a settled rating in this pool yet.',
    player: 'Player',
    rating: 'Rating',
    games: 'Games',
    change: 'Ratings ({{pool}})',
    first: 'first rated game',
    profile: 'Ratings',
    none: 'No rated games yet.',
    provisional: '“?”: still settling after the first games.',
    chart: 'Rating after each of the last games ({{pool}})',
    gamesN_one: '{{n}} game',
    gamesN_other: '{{n}} games',
  },
};

export const ratingsDe: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Gewertet',
    ratedHelp:
      'Zählt für die Wertung aller Angemeldeten, wenn zwei oder mehr angemeldet sind. Coach aus, Zugzeit normal oder schnell.',
    pool: { '2p': '2 Spieler', '3p': '3 Spieler', '4p': '4 Spieler', '5-6p': '5–6 Spieler', teams: 'Teams' },
    leaderboard: 'Ranglisten',
    title: 'Rangliste: {{pool}}',
    empty: 'In dieser Wertung hat noch niemand eine feste Zahl.',
    player: 'Spieler',
    rating: 'Wertung',
    games: 'Partien',
    change: 'Wertungen ({{pool}})',
    first: 'erste gewertete Partie',
    profile: 'Wertungen',
    none: 'Noch keine gewerteten Partien.',
    provisional: '„?“: nach den ersten Partien noch unsicher.',
    chart: 'Wertung nach jeder der letzten Partien ({{pool}})',
    gamesN_one: '{{n}} Partie',
    gamesN_other: '{{n}} Partien',
  },
};

export const ratingsFr: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Classée',
    ratedHelp:
      'Compte pour le classement de chaque joueur connecté, dès qu’il y en a deux. Coach éteint, temps normal ou rapide.',
    pool: { '2p': '2 joueurs', '3p': '3 joueurs', '4p': '4 joueurs', '5-6p': '5–6 joueurs', teams: 'Équipes' },
    leaderboard: 'Classements',
    title: 'Classement : {{pool}}',
    empty: 'Personne n’a encore de classement établi ici.',
    player: 'Joueur',
    rating: 'Classement',
    games: 'Parties',
    change: 'Classements ({{pool}})',
    first: 'première partie classée',
    profile: 'Classements',
    none: 'Aucune partie classée pour l’instant.',
    provisional: '« ? » : encore incertain après les premières parties.',
    chart: 'Classement après chacune des dernières parties ({{pool}})',
    gamesN_one: '{{n}} partie',
    gamesN_other: '{{n}} parties',
  },
};

export const ratingsEs: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Puntuada',
    ratedHelp:
      'Cuenta para la puntuación de quienes entraron con su cuenta, si son dos o más. Entrenador apagado, reloj normal o rápido.',
    pool: { '2p': '2 jugadores', '3p': '3 jugadores', '4p': '4 jugadores', '5-6p': '5–6 jugadores', teams: 'Equipos' },
    leaderboard: 'Clasificaciones',
    title: 'Clasificación: {{pool}}',
    empty: 'Nadie tiene aún una puntuación asentada aquí.',
    player: 'Jugador',
    rating: 'Puntuación',
    games: 'Partidas',
    change: 'Puntuaciones ({{pool}})',
    first: 'primera partida puntuada',
    profile: 'Puntuaciones',
    none: 'Aún no hay partidas puntuadas.',
    provisional: '«?»: aún incierta tras las primeras partidas.',
    chart: 'Puntuación tras cada una de las últimas partidas ({{pool}})',
    gamesN_one: '{{n}} partida',
    gamesN_other: '{{n}} partidas',
  },
};

export const ratingsIt: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Classificata',
    ratedHelp:
      'Conta per la classifica di chi ha fatto l’accesso, se sono almeno due. Coach spento, tempo normale o veloce.',
    pool: { '2p': '2 giocatori', '3p': '3 giocatori', '4p': '4 giocatori', '5-6p': '5–6 giocatori', teams: 'Squadre' },
    leaderboard: 'Classifiche',
    title: 'Classifica: {{pool}}',
    empty: 'Nessuno ha ancora un punteggio stabile qui.',
    player: 'Giocatore',
    rating: 'Punteggio',
    games: 'Partite',
    change: 'Punteggi ({{pool}})',
    first: 'prima partita classificata',
    profile: 'Punteggi',
    none: 'Ancora nessuna partita classificata.',
    provisional: '«?»: ancora incerto dopo le prime partite.',
    chart: 'Punteggio dopo ciascuna delle ultime partite ({{pool}})',
    gamesN_one: '{{n}} partita',
    gamesN_other: '{{n}} partite',
  },
};

export const ratingsNl: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Met rating',
    ratedHelp:
      'Telt mee voor de rating van iedereen die is aangemeld, als dat er twee of meer zijn. Coach uit, klok normaal of snel.',
    pool: { '2p': '2 spelers', '3p': '3 spelers', '4p': '4 spelers', '5-6p': '5–6 spelers', teams: 'Teams' },
    leaderboard: 'Ranglijsten',
    title: 'Ranglijst: {{pool}}',
    empty: 'Nog niemand heeft hier een vaste rating.',
    player: 'Speler',
    rating: 'Rating',
    games: 'Partijen',
    change: 'Ratings ({{pool}})',
    first: 'eerste partij met rating',
    profile: 'Ratings',
    none: 'Nog geen partijen met rating.',
    provisional: '‘?’: nog onzeker na de eerste partijen.',
    chart: 'Rating na elk van de laatste partijen ({{pool}})',
    gamesN_one: '{{n}} partij',
    gamesN_other: '{{n}} partijen',
  },
};

export const ratingsPl: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Rankingowa',
    ratedHelp:
      'Liczy się do rankingu zalogowanych, gdy jest ich co najmniej dwoje. Trener wyłączony, zegar normalny lub szybki.',
    pool: { '2p': '2 graczy', '3p': '3 graczy', '4p': '4 graczy', '5-6p': '5–6 graczy', teams: 'Drużyny' },
    leaderboard: 'Rankingi',
    title: 'Ranking: {{pool}}',
    empty: 'Nikt nie ma tu jeszcze ustalonego rankingu.',
    player: 'Gracz',
    rating: 'Ranking',
    games: 'Partie',
    change: 'Rankingi ({{pool}})',
    first: 'pierwsza partia rankingowa',
    profile: 'Rankingi',
    none: 'Brak partii rankingowych.',
    provisional: '„?”: jeszcze niepewny po pierwszych partiach.',
    chart: 'Ranking po każdej z ostatnich partii ({{pool}})',
    gamesN_one: '{{n}} partia',
    gamesN_few: '{{n}} partie',
    gamesN_many: '{{n}} partii',
    gamesN_other: '{{n}} partii',
  },
};

export const ratingsSv: Shape<typeof ratingsEn> = {
  ratings: {
    rated: 'Rankad',
    ratedHelp:
      'Räknas till rankingen för alla inloggade, om de är två eller fler. Coachen av, klockan normal eller snabb.',
    pool: { '2p': '2 spelare', '3p': '3 spelare', '4p': '4 spelare', '5-6p': '5–6 spelare', teams: 'Lag' },
    leaderboard: 'Topplistor',
    title: 'Topplista: {{pool}}',
    empty: 'Ingen har ännu en stadig ranking här.',
    player: 'Spelare',
    rating: 'Ranking',
    games: 'Partier',
    change: 'Rankingar ({{pool}})',
    first: 'första rankade partiet',
    profile: 'Rankingar',
    none: 'Inga rankade partier än.',
    provisional: '”?”: fortfarande osäker efter de första partierna.',
    chart: 'Ranking efter vart och ett av de senaste partierna ({{pool}})',
    gamesN_one: '{{n}} parti',
    gamesN_other: '{{n}} partier',
  },
};
