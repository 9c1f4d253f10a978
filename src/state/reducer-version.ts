/**
 * The reducer's version. A checkpoint records the version that folded it; a reader refolds a
 * checkpoint of another version. Bump it whenever the same events would fold to a different state.
 */
// 4 also covers turnStartHostTime/lastTurnEndHostTime (host-time turn order): 4 was not released
// before them, so no checkpoint of 4 lacks them.
export const REDUCER_VERSION = 4;
