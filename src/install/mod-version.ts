/** Claude Code version order for the mod's floor: "2.1.280" and "2.1.280-dev.…" compare by their release. */
export function isOlder(version: string, floor: string): boolean {
  const parts = (text: string) =>
    text
      .split(/[^0-9.]/)[0]
      .split('.')
      .map((n) => Number(n) || 0);
  const [a, b] = [parts(version), parts(floor)];
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}
