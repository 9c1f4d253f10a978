// PLACEHOLDER: replaced by the engineer who owns this command.
export async function run(_args: string[]): Promise<number> {
  process.stderr.write('buddy-tui: this command is not built yet\n');
  return 1;
}
