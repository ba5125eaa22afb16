/** Least progress before a time-left estimate is shown: the first frames include encoder start-up. */
const MIN_FRAMES_FOR_ESTIMATE = 3;
const MIN_ELAPSED_FOR_ESTIMATE_MS = 300;

/** Time left of an export from its progress so far, as "12 s" or "2 min 5 s"; null until it can be estimated. */
export function timeLeftLabel(done: number, total: number, elapsedMs: number): string | null {
  if (done < MIN_FRAMES_FOR_ESTIMATE || elapsedMs < MIN_ELAPSED_FOR_ESTIMATE_MS || done > total) return null;
  const seconds = Math.ceil(((total - done) * (elapsedMs / done)) / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
