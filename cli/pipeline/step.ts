/** Runs and times one stage of the pipeline (`--verbose` prints the times). */
export type Step = <T>(name: string, fn: () => T | Promise<T>) => Promise<T>;

export function timedStep(onStep?: (name: string, ms: number) => void): Step {
  return async (name, fn) => {
    const t0 = performance.now();
    const value = await fn();
    onStep?.(name, performance.now() - t0);
    return value;
  };
}
