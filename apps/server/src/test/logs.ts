import type { BuildAppOptions } from '../app.ts';
import type { AppConfigInput } from '../config.ts';

/** One line pino wrote, parsed. */
export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

export interface LogCapture {
  /** Config and build options that make a test app log (from level `info`) into this capture. */
  config: Partial<AppConfigInput>;
  options: BuildAppOptions;
  /** Every line written so far, as written. */
  text(): string;
  /** Lines at level error (50) or above. */
  errors(): LogLine[];
  clear(): void;
}

/**
 * Captures what a test app logs, to check what reaches log files:
 *
 *   const logs = captureLogs();
 *   const ctx = await createTestApp({ ...logs.config }, logs.options);
 *   expect(logs.text()).not.toContain(secret);
 */
export function captureLogs(): LogCapture {
  let lines: string[] = [];
  return {
    config: { logLevel: 'info' },
    options: { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    text: () => lines.join(''),
    errors: () => lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.level >= 50),
    clear: () => {
      lines = [];
    },
  };
}
