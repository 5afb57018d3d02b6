/** Ends the process with the code a command-line run settles on, or 1 with the stack when it throws. */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.stack ?? error.message);
      process.exit(1);
    },
  );
}
