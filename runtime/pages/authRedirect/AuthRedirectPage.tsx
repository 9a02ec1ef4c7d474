/**
 * Third-party sign-in landing (/auth-redirect): a popup hands its answer to the window
 * that opened it; a full-page landing stores the token and continues to the target.
 */
import { useEffect } from 'react';
import { Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { setToken } from '../../auth/tokenStorage.ts';
import { redirectTarget } from '../../app/navigationRules.ts';
import { userState } from '../../auth/userState.ts';
import { readAccessToken } from './authRedirectTarget.ts';
import '../../styles/authCard.css';

export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const { search, hash, origin } = window.location;
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.location.href = `${origin}/login${search}${hash}`;
      window.close();
      return;
    }
    const token = readAccessToken(search, hash);
    if (token) {
      setToken(token);
      userState.token = token;
      navigate(redirectTarget(new URLSearchParams(search).get('redirect')), { replace: true });
    } else {
      navigate('/login', { replace: true });
    }
  }, [navigate]);
  return (
    <main className="login-page">
      <div className="login-card">
        <Result status="info" title={t('authRedirect.title')} subTitle={t('authRedirect.wait')} />
      </div>
    </main>
  );
}
