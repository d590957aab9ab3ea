import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Runs one bounded load against a loopback URL and keeps the numbers we report. */
export async function load(
  name: string,
  url: string,
  { connections = 50, duration = 10, headers = {} as Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function formatTable(rows: LoadResult[]): string {
  const header =
    '| route | connections | req/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---|---|---|---|---|';
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.connections} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
  );
  return [header, ...lines].join('\n');
}
