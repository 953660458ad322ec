/** Save text the page holds as a file in the player's downloads (a record, the account's data). */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // The click has started the download by the next tick; the address is then let go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
