/** 404: the catch-all target. */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { HOME_PATH } from '../../constants/spec.ts';
import './errorPage.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        title="404"
        subTitle={t('errorPage.notFound')}
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
