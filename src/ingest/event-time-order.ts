/**
 * The second half of the inbox order (inbox-order.ts): a host whose hooks run in parallel and land
 * out of order (Cline starts its lifecycle hooks detached: a turn's TaskComplete can be claimed
 * before its TaskStart) says when each event happened (its spec's `eventTime`). Within one
 * listing, that host's files are put in that order among the places they hold; every other
 * file, and one whose time cannot be read yet (still being written), keeps its place. Files
 * spooled after a drain ran cannot be put before what it journaled: the reducer orders a turn's
 * start and end by the same time, carried as `event_time` (reducer-lifecycle.ts, docs/hosts.md).
 */
import { join } from 'node:path';
import { HOST_SPECS } from '../hosts/host-capabilities.js';
import { parseHostId } from '../hosts/host-id.js';
import { readInboxFile } from './inbox-file.js';
import type { InboxFile } from './inbox-order.js';

/** The file's event time by its host's clock, when its host has one and the file is whole. */
function eventTimeOf(inbox: string, file: InboxFile): number | undefined {
  const host = parseHostId(file.host);
  const eventTime = host ? HOST_SPECS[host].eventTime : undefined;
  if (!eventTime) return undefined;
  const read = readInboxFile(join(inbox, file.name));
  if (read.kind !== 'whole' || typeof read.payload !== 'object' || read.payload === null) return undefined;
  return eventTime(read.payload as Record<string, unknown>);
}

/** `files` (in claim order) with the timed files of each such host reordered by their time, in place. */
export function orderByEventTime(inbox: string, files: InboxFile[]): InboxFile[] {
  const timed = files.flatMap((file, at) => {
    const time = eventTimeOf(inbox, file);
    return time === undefined ? [] : [{ file, at, time }];
  });
  if (timed.length < 2) return files;
  const out = [...files];
  const byTime = [...timed].sort((a, b) => a.time - b.time || a.at - b.at);
  timed.forEach((slot, i) => {
    out[slot.at] = byTime[i]!.file;
  });
  return out;
}
