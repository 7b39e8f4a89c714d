import { BackupError } from '../../src/server/backup/manifest';

/**
 * Runs a CLI's body and prints what it answers. An expected failure (BackupError, or a bad environment
 * variable from loadConfig) is one line and exit code 1: the operator needs the message, not a stack.
 */
export function runCli(name: string, body: () => Promise<string[]>): void {
  body().then(
    (lines) => console.log(lines.join('\n')),
    (err: unknown) => {
      const expected =
        err instanceof BackupError || (err instanceof Error && err.message.startsWith('Invalid environment'));
      console.error(expected ? `${name}: ${(err as Error).message}` : err);
      process.exitCode = 1;
    },
  );
}
