/**
 * One instance per process, even when the module is loaded twice (the custom server entry
 * and the React Router server bundle each carry a copy, and Vite re-imports on HMR).
 * Without this, two PGlite instances would open the same data folder.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}

export function resetSingleton(name: string) {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons?.delete(name);
}

/** Tests only: make `value` the process instance of `name` (e.g. a fresh test database). */
export function setSingleton<T>(name: string, value: T) {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  store.__singletons.set(name, value);
}

/** The instance of `name` if one was created, without creating it (shutdown and tests). */
export function singletonValue<T>(name: string): T | undefined {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  return store.__singletons?.get(name) as T | undefined;
}
