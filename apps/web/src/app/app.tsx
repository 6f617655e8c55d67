import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './routes/app-routes';

export function App() {
  return (
    <AppProvider>
      {/* Without transitions a navigation renders together with the store change that
          caused it (sign-in, logout), so the route guard never sees half of it. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
