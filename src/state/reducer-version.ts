/**
 * The reducer's version. A checkpoint records the version that folded it; a reader refolds a
 * checkpoint of another version. Bump it whenever the same events would fold to a different state.
 */
export const REDUCER_VERSION = 4;
