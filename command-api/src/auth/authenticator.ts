import passport from 'passport';

/** A private passport instance, so strategies registered here never leak into other routers. */
export type Authenticator = InstanceType<typeof passport.Passport>;

export const createAuthenticator = (): Authenticator => new passport.Passport();
