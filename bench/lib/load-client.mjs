// The load generator of bench/lib/measured-load.ts, in a process of its own: autocannon's CPU (it parses
// every response; a 35 kB feed page costs it about as much as the server spends) is then its own, can be
// measured apart from the server's and pinned to other cores (`taskset`). Plain JavaScript, so that it
// starts without a TypeScript loader.
//
// Reads one JSON object on stdin: { url, connections, duration, headers, authorizations?, paths? } (each
// request takes the next of `authorizations` as its Authorization header, and the next of `paths` as its
// path, in turn, across all connections); writes one JSON object.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const options = JSON.parse(input);

const authorizations = options.authorizations ?? [];
const paths = options.paths ?? [];
let next = 0;
let nextPath = 0;
const requests =
  authorizations.length > 0 || paths.length > 0
    ? [
        {
          setupRequest: (request) => {
            let out = request;
            if (authorizations.length > 0) {
              const authorization = authorizations[next];
              next = (next + 1) % authorizations.length;
              out = { ...out, headers: { ...out.headers, authorization } };
            }
            if (paths.length > 0) {
              out = { ...out, path: paths[nextPath] };
              nextPath = (nextPath + 1) % paths.length;
            }
            return out;
          },
        },
      ]
    : undefined;

const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  headers: options.headers ?? {},
  ...(requests ? { requests } : {}),
});
const cpu = process.cpuUsage(cpuBefore);

process.stdout.write(
  JSON.stringify({
    requestsPerSecond: Math.round(result.requests.average),
    completed: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
