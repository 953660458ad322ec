/**
 * The words of Play now (the home screen's card and the waiting screen), in their own file
 * like clock.ts; every locale spreads its own in.
 */
import type { Shape } from './shape.js';

export const playNowEn = {
  playNow: {
    title: 'Play now',
    text: 'Meet other players at a table in moments. Bots take the seats nobody fills.',
    players: 'Players',
    length: 'Length',
    short: '1 round',
    standard_one: '{{count}} round',
    standard_other: '{{count}} rounds',
    rated: 'Rated game',
    ratedSignIn: 'Sign in to play rated games.',
    play: 'Play now',
    waitingTitle: 'Looking for players…',
    queue_one: '{{count}} player waiting for this game',
    queue_other: '{{count}} players waiting for this game',
    waited: 'Waiting for {{time}}',
    cancel: 'Cancel',
    again: 'Queue again',
    offline: 'The server cannot be reached: still trying.',
  },
};

export const playNowDe: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Jetzt spielen',
    text: 'Triff in wenigen Augenblicken andere an einem Tisch. Bots nehmen die Plätze, die niemand besetzt.',
    players: 'Spielende',
    length: 'Länge',
    short: '1 Runde',
    standard_one: '{{count}} Runde',
    standard_other: '{{count}} Runden',
    rated: 'Gewertetes Spiel',
    ratedSignIn: 'Melde dich an, um gewertete Spiele zu spielen.',
    play: 'Jetzt spielen',
    waitingTitle: 'Suche Mitspielende …',
    queue_one: '{{count}} Person wartet auf dieses Spiel',
    queue_other: '{{count}} Personen warten auf dieses Spiel',
    waited: 'Wartezeit: {{time}}',
    cancel: 'Abbrechen',
    again: 'Erneut anstellen',
    offline: 'Der Server ist nicht erreichbar: neuer Versuch läuft.',
  },
};

export const playNowFr: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Jouer maintenant',
    text: 'Retrouvez d’autres joueurs à une table en quelques instants. Des bots prennent les places libres.',
    players: 'Joueurs',
    length: 'Durée',
    short: '1 manche',
    standard_one: '{{count}} manche',
    standard_other: '{{count}} manches',
    rated: 'Partie classée',
    ratedSignIn: 'Connectez-vous pour jouer des parties classées.',
    play: 'Jouer maintenant',
    waitingTitle: 'Recherche de joueurs…',
    queue_one: '{{count}} joueur attend cette partie',
    queue_other: '{{count}} joueurs attendent cette partie',
    waited: 'Attente : {{time}}',
    cancel: 'Annuler',
    again: 'Reprendre la file',
    offline: 'Le serveur est injoignable : nouvel essai en cours.',
  },
};

export const playNowEs: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Jugar ya',
    text: 'Encuentra a otros jugadores en una mesa en un momento. Los bots ocupan los puestos libres.',
    players: 'Jugadores',
    length: 'Duración',
    short: '1 ronda',
    standard_one: '{{count}} ronda',
    standard_other: '{{count}} rondas',
    rated: 'Partida puntuada',
    ratedSignIn: 'Inicia sesión para jugar partidas puntuadas.',
    play: 'Jugar ya',
    waitingTitle: 'Buscando jugadores…',
    queue_one: '{{count}} jugador espera esta partida',
    queue_other: '{{count}} jugadores esperan esta partida',
    waited: 'Esperando desde hace {{time}}',
    cancel: 'Cancelar',
    again: 'Volver a la cola',
    offline: 'No se puede conectar con el servidor: seguimos intentándolo.',
  },
};

export const playNowIt: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Gioca ora',
    text: 'Trova altri giocatori a un tavolo in pochi istanti. I bot prendono i posti liberi.',
    players: 'Giocatori',
    length: 'Durata',
    short: '1 mano',
    standard_one: '{{count}} mano',
    standard_other: '{{count}} mani',
    rated: 'Partita classificata',
    ratedSignIn: 'Accedi per giocare partite classificate.',
    play: 'Gioca ora',
    waitingTitle: 'Cerco giocatori…',
    queue_one: '{{count}} giocatore aspetta questa partita',
    queue_other: '{{count}} giocatori aspettano questa partita',
    waited: 'In attesa da {{time}}',
    cancel: 'Annulla',
    again: 'Rimettiti in coda',
    offline: 'Il server non è raggiungibile: nuovo tentativo in corso.',
  },
};

export const playNowNl: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Nu spelen',
    text: 'Ontmoet binnen enkele ogenblikken andere spelers aan een tafel. Bots nemen de lege plaatsen.',
    players: 'Spelers',
    length: 'Lengte',
    short: '1 ronde',
    standard_one: '{{count}} ronde',
    standard_other: '{{count}} rondes',
    rated: 'Spel met rating',
    ratedSignIn: 'Meld je aan om spellen met rating te spelen.',
    play: 'Nu spelen',
    waitingTitle: 'Spelers zoeken…',
    queue_one: '{{count}} speler wacht op dit spel',
    queue_other: '{{count}} spelers wachten op dit spel',
    waited: 'Wacht al {{time}}',
    cancel: 'Annuleren',
    again: 'Opnieuw in de rij',
    offline: 'De server is niet bereikbaar: we proberen het opnieuw.',
  },
};

export const playNowPl: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Graj teraz',
    text: 'Spotkaj innych graczy przy stole w kilka chwil. Boty zajmują wolne miejsca.',
    players: 'Gracze',
    length: 'Długość',
    short: '1 runda',
    standard_one: '{{count}} runda',
    standard_few: '{{count}} rundy',
    standard_many: '{{count}} rund',
    standard_other: '{{count}} rundy',
    rated: 'Gra rankingowa',
    ratedSignIn: 'Zaloguj się, aby grać w gry rankingowe.',
    play: 'Graj teraz',
    waitingTitle: 'Szukam graczy…',
    queue_one: '{{count}} gracz czeka na tę grę',
    queue_few: '{{count}} gracze czekają na tę grę',
    queue_many: '{{count}} graczy czeka na tę grę',
    queue_other: '{{count}} gracza czeka na tę grę',
    waited: 'Czekasz od {{time}}',
    cancel: 'Anuluj',
    again: 'Stań w kolejce ponownie',
    offline: 'Serwer jest nieosiągalny: próbujemy dalej.',
  },
};

export const playNowSv: Shape<typeof playNowEn> = {
  playNow: {
    title: 'Spela nu',
    text: 'Möt andra spelare vid ett bord på några ögonblick. Bottar tar de platser ingen fyller.',
    players: 'Spelare',
    length: 'Längd',
    short: '1 omgång',
    standard_one: '{{count}} omgång',
    standard_other: '{{count}} omgångar',
    rated: 'Rankat spel',
    ratedSignIn: 'Logga in för att spela rankade spel.',
    play: 'Spela nu',
    waitingTitle: 'Letar efter spelare…',
    queue_one: '{{count}} spelare väntar på det här spelet',
    queue_other: '{{count}} spelare väntar på det här spelet',
    waited: 'Har väntat i {{time}}',
    cancel: 'Avbryt',
    again: 'Ställ dig i kön igen',
    offline: 'Servern går inte att nå: försöker igen.',
  },
};
