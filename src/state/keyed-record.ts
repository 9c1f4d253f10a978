/**
 * A record keyed by outside data (tool names, tool_use_id, agent_id, session ids, plugin
 * names). It has no prototype, so `constructor`, `toString` or `__proto__` are keys like any
 * other: on a plain `{}` they read Object.prototype's members, and assigning `__proto__`
 * replaces the prototype instead of storing a value. JSON.stringify writes it as usual, and
 * JSON.parse makes own properties, which this copies.
 */
export function keyedRecord<T>(from?: Readonly<Record<string, T>>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>;
  if (from) for (const key of Object.keys(from)) record[key] = from[key]!;
  return record;
}
