import type { LabelledDeck } from './labels.ts';

/** Generated decks with hand-written labels, in the labels.json format. */
export async function generatedLabelledDecks(): Promise<Array<{ label: LabelledDeck; bytes: Uint8Array }>> {
  return [];
}
