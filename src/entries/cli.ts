/**
 * The `buddy-tui` binary. Kept tiny on purpose: the hot paths (`hook`, `statusline`) load
 * their own small bundles and never pay for React, Ink or full zod. The paths are computed
 * so the bundler leaves them as separate files.
 */
const command = process.argv[2];
const sibling = (name: string): string => new URL(`./${name}.js`, import.meta.url).href;

if (command === 'hook') {
  await import(sibling('hook'));
} else if (command === 'statusline') {
  await import(sibling('statusline'));
} else {
  const { main } = (await import(sibling('main'))) as { main: (args: string[]) => Promise<number> };
  process.exitCode = await main(process.argv.slice(2));
}
