/** A seat as a small coloured tag: its colour dot and short name, the same wherever it is drawn. */
export function SeatTag({ seat, name, className }: { seat: number; name: string; className?: string }) {
  return (
    <span className={`seat-tag seat-ink-${seat}${className ? ` ${className}` : ''}`}>
      <span className={`dot seat-color-${seat}`} aria-hidden="true" />
      <span className="seat-tag-name">{name}</span>
    </span>
  );
}
