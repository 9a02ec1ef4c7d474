/** The server's character captcha (an SVG image) with a button that loads another one. */
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import '../../i18n/accountPageMessages.ts';

export default function CaptchaImage({
  image,
  loading,
  onRefresh,
}: {
  image: string | undefined;
  loading: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {image ? (
        <img src={image} width={120} height={40} alt={t('forgot.captchaImage')} className="captcha-canvas" data-testid="char-captcha" />
      ) : (
        <span
          role="img"
          aria-label={t('forgot.captchaImage')}
          className="captcha-canvas"
          style={{ width: 120, height: 40, display: 'inline-block' }}
        />
      )}
      <Button
        icon={<ReloadOutlined />}
        onClick={onRefresh}
        loading={loading}
        aria-label={t('forgot.refreshCaptcha')}
        title={t('forgot.refreshCaptcha')}
      />
    </>
  );
}
