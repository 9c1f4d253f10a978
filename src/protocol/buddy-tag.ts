/**
 * The `_tag` on every hook group buddy-tui writes into a Claude Code settings file (the field
 * ccstatusline uses for the same purpose). Install and uninstall find their own entries by it;
 * plugin rule discovery skips those entries, so an event is never journalled twice.
 */
export const BUDDY_TAG = 'buddy-tui-managed';
