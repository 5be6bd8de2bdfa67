/**
 * Copies text; where the Clipboard API is missing or refused (older browsers, no permission),
 * selects the given input and copies the old way. Says whether it worked.
 */
export async function copyText(text: string, fallbackInputId?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackInputId) return false;
    const input = document.getElementById(fallbackInputId);
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return false;
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
