// PLACEHOLDER: replaced by the engineer who owns this command.
const notYet = async (_args: string[]): Promise<number> => {
  process.stderr.write('buddy-tui: this command is not built yet\n');
  return 1;
};
export const runFeed = notYet;
export const runPet = notYet;
export const runPlay = notYet;
export const runRename = notYet;
export const runStats = notYet;
