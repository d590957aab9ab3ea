import { runAdmin } from './admin.commands.ts';

/** `npm run admin -- <command>` (see admin.commands.ts for the commands). */
runAdmin(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
