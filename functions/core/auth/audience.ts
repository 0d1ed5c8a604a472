/** Each interface has its own token audience: a sandbox token opens nothing on main, and the reverse. */
export type Audience = 'main' | 'sandbox' | 'bulk';
