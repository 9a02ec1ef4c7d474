/** The shell's error pages (404, 401): a result with "back" and "home". */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { HOME_PATH } from '../../constants/spec.ts';
import './errorPage.css';

export interface ErrorPageProps {
  /** The picture antd shows. */
  status: '403' | '404';
  /** The code shown as the title. */
  title: string;
  /** i18n key of the explanation. */
  message: string;
}

export default function ErrorPage({ status, title, message }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status={status}
        title={title}
        subTitle={t(message)}
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
