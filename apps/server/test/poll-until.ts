/**
 * Waits for a condition, never for a fixed time: calls `check` until it returns something other
 * than false/undefined/null (and then returns that), and fails with `what` once `timeoutMs` passed.
 * An error thrown by `check` ends the wait at once.
 */
export async function pollUntil<T>(
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  { timeoutMs = 30_000, intervalMs = 50, what = 'the condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
