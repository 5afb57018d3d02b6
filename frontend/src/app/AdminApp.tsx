import { BrowserRouter, Route, Routes } from 'react-router-dom';
import AdminPage from '@/admin/shell/components/AdminPage';
import LoginPage from '@/admin/auth/components/LoginPage';
import ForgotPasswordPage from '@/admin/auth/components/ForgotPasswordPage';
import ResetPasswordPage from '@/admin/auth/components/ResetPasswordPage';
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
            <Route path={routes.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={routes.resetPassword} element={<ResetPasswordPage />} />
          </Routes>
        </BrowserRouter>
      </StoreProvider>
    </MuiProviders>
  );
}
