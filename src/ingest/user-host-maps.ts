/**
 * The user's host maps (config.json's `hosts`, src/hosts/user-host-map.ts) as the ingest path
 * reads them: by hand, without zod (the hook's bundle stays light), read again only when the file
 * changed. A long-running reader (the pane's drain) keeps each host's last good map while the file
 * is broken (saved half-edited, not JSON): events of that host go on being mapped. Doctor names
 * what is wrong, with its JSON path (src/doctor/doctor-user-hosts.ts).
 */
import { readConfigObject } from '../config/config-lite.js';
import { configFilePath } from '../config/paths.js';
import { fileSignature } from '../files/file-signature.js';
import { normalizeHostEvent } from '../hosts/host-translator.js';
import { parseHostId, type FeedHost } from '../hosts/host-id.js';
import { HOST_CAPABILITIES } from '../hosts/host-capabilities.js';
import { checkUserHostMaps, type UserHostMap } from '../hosts/user-host-map.js';
import type { InternalEvent } from '../protocol/internal-event.js';

interface Cached {
  file: string;
  signature: string;
  maps: Map<string, UserHostMap>;
}

let cached: Cached | undefined;

/** Each host's map now: the file's when it reads as a JSON object, else the last good ones. */
export function userHostMaps(env: NodeJS.ProcessEnv = process.env): ReadonlyMap<string, UserHostMap> {
  const file = configFilePath(env);
  const signature = fileSignature(file);
  if (cached?.file === file && cached.signature === signature) return cached.maps;
  const config = signature === 'gone' ? {} : readConfigObject(file);
  // Unreadable, not an object, a version this build cannot read: the last good maps stand.
  if (!config) return cached?.file === file ? cached.maps : new Map();
  const maps = new Map(cached?.file === file ? cached.maps : []);
  const hosts = config.hosts;
  const { maps: read } = checkUserHostMaps(hosts);
  // A host taken out of the file goes; one whose entry is wrong as a whole keeps its last good map.
  const wrongAsAWhole = typeof hosts !== 'object' || hosts === null || Array.isArray(hosts);
  for (const id of maps.keys()) {
    const gone = hosts === undefined || (!wrongAsAWhole && !Object.hasOwn(hosts, id));
    if (gone) maps.delete(id);
  }
  for (const [id, map] of read) maps.set(id, map);
  cached = { file, signature, maps };
  return maps;
}

/** What `status` calls `host`: a built-in host's name, a user's label from the map, else the id. */
export function hostLabel(host: string, env: NodeJS.ProcessEnv = process.env): string {
  const builtIn = parseHostId(host);
  return builtIn ? HOST_CAPABILITIES[builtIn].label : (userHostMaps(env).get(host)?.label ?? host);
}

/** normalizeHostEvent with the user's map for a host that has no translator of its own. */
export function normalizeFedEvent(host: FeedHost, payload: unknown): InternalEvent | undefined {
  return normalizeHostEvent(host, payload, parseHostId(host) ? undefined : userHostMaps().get(host));
}
