import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setCurrentSearch, setNavigator } from './navigation';

/** Lends the router's navigate and its query string to code outside components (navigation.ts). */
export function NavigationBridge() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  useEffect(() => {
    setCurrentSearch(search);
    return () => setCurrentSearch('');
  }, [search]);
  return null;
}
