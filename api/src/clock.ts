/** Current time; injected so tests can move it (token expiry, rate-limit windows, mail back-off). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
