import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tokenFromLocationHash } from './api';

/** The token of a mailed link (or another `name` in the fragment), read once; then dropped from the address bar and history. */
export function useLinkToken(name = 'token'): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromLocationHash(location.hash, name));
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return token;
}
