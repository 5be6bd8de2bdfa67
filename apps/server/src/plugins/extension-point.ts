/**
 * A named slot one module fills during registration and another reads at call time. It
 * replaces ad-hoc closures over services declared later: every slot is listed, filled once,
 * and `assertAllProvided` fails the start-up when a module forgot to fill one.
 */
export interface ExtensionPoint<T> {
  readonly name: string;
  provide(value: T): void;
  get(): T;
  readonly provided: boolean;
}

export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  let value: T | undefined;
  let provided = false;
  return {
    name,
    provide(v) {
      if (provided) throw new Error(`Extension point "${name}" is already provided`);
      value = v;
      provided = true;
    },
    get() {
      if (!provided) throw new Error(`Extension point "${name}" was not provided by any module`);
      return value as T;
    },
    get provided() {
      return provided;
    },
  };
}

export function assertAllProvided(points: readonly ExtensionPoint<unknown>[]) {
  const missing = points.filter((p) => !p.provided).map((p) => p.name);
  if (missing.length > 0) throw new Error(`No module provided: ${missing.join(', ')}`);
}
