import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { paths } from '../../config/paths';

/** Token-based sign-in (spec section 4): store the token, load the user, go to /dashboard. Renders nothing. */
export default function VerifyRoute() {
  const { token } = useParams();
  const { setSession } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (token) {
      setSession(token);
      navigate(paths.dashboard.root.getHref(), { replace: true });
    } else {
      navigate(paths.login.getHref(), { replace: true });
    }
  }, [token, setSession, navigate]);
  return null;
}
