/** The share area's numbers, defined once (no imports: the SPA may use them too). */

/** Newest dynamics and comments shown on a profile share page; the rest is in the app. */
export const SHARE_LIST_SIZE = 20;
/** Comments shown under a dynamic post. */
export const POST_COMMENTS_SIZE = 50;
/** The share pages' paths (the worker injects Open Graph meta into their HTML). */
export const SHARE_PATHS = { character: '/share/user/', dynamic: '/share/dynamic/' } as const;
