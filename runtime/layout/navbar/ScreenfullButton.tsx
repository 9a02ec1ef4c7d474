import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { useTranslation } from '../../i18n/translator.ts';
import { toastWarning } from '../../feedback/feedback.ts';

/** Fullscreen toggle; warns when the browser cannot do it. */
export default function ScreenfullButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return undefined;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Button
      type="text"
      className="navbar-icon"
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      onClick={() => {
        if (!screenfull.isEnabled) {
          toastWarning(t('navbar.fullscreenUnsupported'));
          return;
        }
        void screenfull.toggle();
      }}
    />
  );
}
