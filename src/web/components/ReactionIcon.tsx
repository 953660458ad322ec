/**
 * The chat's quick reactions drawn as inline SVG. On the wire a reaction is an emoji
 * (docs/protocol.md), but many systems (Debian's Chromium among them) have no emoji font
 * and would draw boxes, so the client draws each one itself, in colour, at text size.
 */
import type { ReactNode } from 'react';
import type { Reaction } from '../../values/index.js';

const SKIN = '#f5c33b';
const INK = '#3b2410';

/** A round face in `fill`, with what is drawn on it. */
function face(fill: string, features: ReactNode): ReactNode {
  return (
    <>
      <circle cx="12" cy="12" r="10.5" fill={fill} stroke={INK} strokeWidth="1" />
      {features}
    </>
  );
}

/** Frowning brows and mouth: the angry face and the imp. */
const SCOWL = (
  <>
    <path d="M6 7.5l4 2M18 7.5l-4 2" stroke={INK} strokeWidth="1.5" strokeLinecap="round" />
    <circle cx="8.8" cy="11" r="1.3" fill={INK} />
    <circle cx="15.2" cy="11" r="1.3" fill={INK} />
    <path d="M8 17.5c2.5-2.4 5.5-2.4 8 0" fill="none" stroke={INK} strokeWidth="1.5" strokeLinecap="round" />
  </>
);

const ICONS: Record<Reaction, ReactNode> = {
  // Thumbs up.
  '👍': (
    <path
      d="M3 11h4v10H3zM8 11l4-8c1.6 0 2.6 1.2 2.2 2.9L13.5 9H19a2 2 0 0 1 2 2.3l-1.2 7.4A2.5 2.5 0 0 1 17.3 21H8z"
      fill={SKIN}
      stroke={INK}
      strokeWidth="1.2"
      strokeLinejoin="round"
    />
  ),
  // Laughing to tears: shut eyes, a wide open mouth, a tear at each side.
  '😂': face(
    SKIN,
    <>
      <path d="M6.5 9.5l2.5 1-2.5 1M17.5 9.5l-2.5 1 2.5 1" fill="none" stroke={INK} strokeWidth="1.3" />
      <path d="M6.5 13.5h11a5.5 5.5 0 0 1-11 0z" fill={INK} />
      <path
        d="M3.5 11c-1.5 2.2-1.5 4 0 4.4 1.5-.4 1.5-2.2 0-4.4zM20.5 11c-1.5 2.2-1.5 4 0 4.4 1.5-.4 1.5-2.2 0-4.4z"
        fill="#4fb3f0"
      />
    </>,
  ),
  // Astonished: round eyes, a round open mouth.
  '😮': face(
    SKIN,
    <>
      <circle cx="8.5" cy="9.5" r="1.4" fill={INK} />
      <circle cx="15.5" cy="9.5" r="1.4" fill={INK} />
      <ellipse cx="12" cy="16" rx="2.4" ry="3" fill={INK} />
    </>,
  ),
  // Angry: red, frowning brows and mouth.
  '😡': face('#e0533d', SCOWL),
  // A bottle with its cork popping.
  '🍾': (
    <>
      <path
        d="M10 8h4v3c2 1 3 2.8 3 5v5.5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 7 21.5V16c0-2.2 1-4 3-5z"
        fill="#2f8f4e"
        stroke={INK}
        strokeWidth="1"
      />
      <rect x="8.5" y="15" width="7" height="4" fill="#f2e6c8" />
      <rect x="10.3" y="3" width="3.4" height="3.6" rx="1" fill="#c98b4a" stroke={INK} strokeWidth="0.8" />
      <path d="M7 3.5l1.5 1.5M17 3.5L15.5 5M12 0.8v1.2" stroke="#f5c33b" strokeWidth="1.3" strokeLinecap="round" />
    </>
  ),
  // The imp: purple, horned, scowling.
  '👿': (
    <>
      <path
        d="M2.5 0.8L9.5 3.6 4.6 8zM21.5 0.8L14.5 3.6 19.4 8z"
        fill="#6a2f9e"
        stroke={INK}
        strokeWidth="0.8"
        strokeLinejoin="round"
      />
      {face('#8e4cc8', SCOWL)}
    </>
  ),
};

/** A reaction as a picture named by its emoji, which screen readers pronounce; unknown ones as text. */
export function ReactionIcon({ reaction }: { reaction: string }) {
  const icon = (ICONS as Record<string, ReactNode>)[reaction];
  if (icon === undefined) return <span className="reaction-icon">{reaction}</span>;
  return (
    <svg className="reaction-icon" viewBox="0 0 24 24" role="img" aria-label={reaction} data-reaction={reaction}>
      {icon}
    </svg>
  );
}
