#!/usr/bin/env bash
# Runs the Playwright journeys against a private build, so several people can run them at once on one
# checkout: scripts/e2e-isolated.sh <name> <port> [playwright arguments...]
#   e.g. scripts/e2e-isolated.sh discovery 4401 tests/discovery.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"; port="$2"; shift 2
(cd apps/web && npx vite build --logLevel warn --outDir "dist-e2e-$name" --emptyOutDir)
SERVER_OUT_DIR="dist-e2e-$name" node apps/server/build.mjs
cd e2e && node check-chromium.mjs && E2E_BUILD="$name" E2E_PORT="$port" npx playwright test "$@"
