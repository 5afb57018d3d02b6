import { BrowserRouter, Route, Routes } from 'react-router-dom';
import AdminPage from '@/admin/shell/components/AdminPage';
import LoginPage from '@/admin/auth/components/LoginPage';
import MuiProviders from './MuiProviders';
import { routes } from './routes';
import StoreProvider from './StoreProvider';

/**
 * The admin and its login, with everything only they use: MUI, the data store and React
 * Router. Its own chunk: public visitors never download it.
 */
export default function AdminApp() {
  return (
    <MuiProviders baseline>
      <StoreProvider>
        <BrowserRouter>
          <Routes>
            <Route path={routes.admin} element={<AdminPage />} />
            <Route path={routes.login} element={<LoginPage />} />
          </Routes>
        </BrowserRouter>
      </StoreProvider>
    </MuiProviders>
  );
}
