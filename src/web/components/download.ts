/** Saving text as a file on the player's device (a record, an analysis). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A game's `bottle-imp/1` record as a file named after its id (what `bottle-imp replay FILE` reads). */
export function downloadRecord(gameId: string, record: string): void {
  downloadText(`bottle-imp-${gameId}.json`, record);
}
