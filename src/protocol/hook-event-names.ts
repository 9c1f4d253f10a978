/**
 * Every hook event name of the internal event: all Claude Code 2.1.332 fires (see
 * ../shared/notes/claude-code.md), plus Codex's `Interrupt` (the user stopped the turn), which
 * Claude Code has no name for. Zod-free, apart from hook-event.ts: the statusline's bundle, which
 * holds no zod, reaches it through a host's map (src/hosts/user-host-map.ts).
 */
export const HOOK_EVENT_NAMES = [
  'SessionStart',
  'Setup',
  'InstructionsLoaded',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'MessageDisplay',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Stop',
  'StopFailure',
  'TeammateIdle',
  'ConfigChange',
  'CwdChanged',
  'DirectoryAdded',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'PreCompact',
  'PostCompact',
  'Elicitation',
  'ElicitationResult',
  'SessionEnd',
  'PreModelSwitch',
  'PostModelSwitch',
  'PreSkillShellCommand',
  'Interrupt',
] as const;
export type HookEventName = (typeof HOOK_EVENT_NAMES)[number];
