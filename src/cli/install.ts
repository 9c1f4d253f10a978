/** `buddy-tui install [--host <id>]`: wires buddy-tui into a host (host-installers.ts); Claude Code by default. */
import { HOST_INSTALLERS } from './host-installers.js';
import { hostsHelp, parseHostCommand } from './host-flags.js';
import { term, termLines } from '../text/terminal-text.js';
import { readConfigObject } from '../config/config-lite.js';
import { configFilePath } from '../config/paths.js';
import { voiceModeOf, voiceNotice, type VoiceConfig } from '../voice/voice-settings.js';
import { processIo, type CliIo } from './cli-io.js';

export { reportSettingsError } from './install-errors.js';

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const parsed = parseHostCommand('install', args, io);
  if (parsed.kind === 'help') {
    io.stdout(termLines(hostsHelp('install')));
    return 0;
  }
  if (parsed.kind === 'exit') return parsed.code;
  const code = await HOST_INSTALLERS[parsed.host].install(parsed.values, io);
  // One line on who speaks for the buddy, and how to turn it off (issue 46).
  if (code === 0 && !parsed.values['dry-run'] && parsed.host === 'claude') {
    const reactions = readConfigObject(configFilePath())?.reactions as VoiceConfig | undefined;
    io.stdout(term`${voiceNotice(voiceModeOf(reactions), reactions?.voiceDailyBudget)}
`);
  }
  return code;
}
