/** 401: no permission for the page. */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { HOME_PATH } from '../../constants/spec.ts';
import './errorPage.css';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="403"
        title="401"
        subTitle={t('errorPage.unauthorized')}
        extra={[
          <Button key="back" onClick={() => navigate(-1)}>
            {t('errorPage.back')}
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('errorPage.home')}
          </Button>,
        ]}
      />
    </main>
  );
}
