import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from './navigation';

/** Lends the router's navigate to code outside components (see navigation.ts). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
