import { ProtectedRoute } from '../../lib/auth';

/** Guarded layout route (spec section 2): no stored token and no loaded user → /login. */
export default function Guard() {
  return <ProtectedRoute />;
}
