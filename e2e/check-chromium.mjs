// Fails early, with the way out, when the browser the journeys need is not installed.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `Chromium was not found at ${path}.\n` +
      'The end-to-end tests drive a real Chromium. Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  );
  process.exit(1);
}
