// The size limit of a card file, apart from the reader (io/cards.ts, Node I/O), so that the browser
// server (server/src/browser.ts), which reads card files through the client, shares it.

/** The largest card file read: 500 MiB (Scryfall's "Default Cards" is near it; "Oracle Cards" is about 160 MiB). */
export const CARD_FILE_MAX_BYTES = 500 * 1024 * 1024;

/** Why a file of this size is refused, or undefined. */
export function cardFileTooLarge(path: string, size: number, max = CARD_FILE_MAX_BYTES): string | undefined {
  return size > max ? `${path} is ${(size / 1024 / 1024).toFixed(0)} MiB, over the ${max / 1024 / 1024} MiB limit of a card file, so it is not read. Use Scryfall's "Oracle Cards" (one entry per card) or MTGJSON's AtomicCards.json.` : undefined;
}
