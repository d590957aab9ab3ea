import { readFileSync } from 'node:fs';

/**
 * Memory and CPU of another process, read from Linux's /proc (the benchmarks run on Linux; elsewhere
 * these throw). Used to watch the server the benchmarks started.
 */

const MB = 1024 * 1024;
/** Clock ticks per second of /proc/{pid}/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Resident set size of `pid` in bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU time `pid` has used so far (user + system), in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Waits until `pid` has been (nearly) idle for `quietSeconds` in a row: less than `threshold` of one core.
 * A server may work in the background after it starts (e.g. indexing posts for search); measuring before
 * it is done would measure that work too. Resolves to the seconds waited.
 */
export async function waitForIdle(
  pid: number,
  { quietSeconds = 3, threshold = 0.05, timeoutSeconds = 900 } = {},
): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < quietSeconds) {
    if ((performance.now() - started) / 1000 > timeoutSeconds) {
      throw new Error(`process ${pid} did not become idle within ${timeoutSeconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    quiet = now - last < threshold ? quiet + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}

export interface RssSampler {
  /** Stops sampling; the baseline is the RSS when sampling started. */
  stop(): { baselineMB: number; peakMB: number; endMB: number; growthMB: number };
}

/** Samples the RSS of `pid` every `intervalMs` until stopped, keeping the peak. */
export function sampleRss(pid: number, intervalMs = 25): RssSampler {
  const baseline = rssBytes(pid);
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = rssBytes(pid);
      peak = Math.max(peak, end);
      const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
      return {
        baselineMB: round(baseline),
        peakMB: round(peak),
        endMB: round(end),
        growthMB: round(peak - baseline),
      };
    },
  };
}
