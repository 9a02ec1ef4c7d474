/**
 * /components/mixin: the parts every page shares, side by side: buttons (with the click wave),
 * inputs, a share menu and a dropdown, and the window-size watcher the layout uses to switch to
 * its mobile form.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Col, Dropdown, Input, Row, Space, Typography } from 'antd';
import { DownOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useDemoTranslation } from '../demoMessages.ts';

const PLATFORMS = ['WeChat', 'Weibo', 'QQ', 'Email'];

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export default function MixinPage() {
  const { t } = useDemoTranslation();
  const width = useWindowWidth();
  const [shared, setShared] = useState<string>();
  const [clicks, setClicks] = useState(0);
  const [name, setName] = useState('');
  return (
    <div className="page-container">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('demo.mixin.buttons')}>
            <Space wrap>
              <Button type="primary" onClick={() => setClicks((n) => n + 1)}>
                {t('demo.mixin.click')}
              </Button>
              <Button>{t('demo.mixin.default')}</Button>
              <Button type="dashed">{t('demo.mixin.dashed')}</Button>
              <Button danger>{t('demo.mixin.danger')}</Button>
            </Space>
            <p data-testid="mixin-clicks">{t('demo.mixin.clicked', { count: clicks })}</p>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('demo.mixin.inputs')}>
            <Input
              aria-label={t('demo.mixin.name')}
              placeholder={t('demo.mixin.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <p data-testid="mixin-hello">{name ? t('demo.mixin.hello', { name }) : ''}</p>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('demo.mixin.share')}>
            <Dropdown menu={{ items: PLATFORMS.map((p) => ({ key: p, label: p })), onClick: ({ key }) => setShared(key) }}>
              <Button icon={<ShareAltOutlined />}>
                {t('demo.mixin.shareTo')} <DownOutlined />
              </Button>
            </Dropdown>
            <p data-testid="mixin-shared">{shared ? t('demo.mixin.shared', { platform: shared }) : ''}</p>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('demo.mixin.resize')}>
            <Typography.Paragraph data-testid="mixin-width">{t('demo.mixin.width', { width })}</Typography.Paragraph>
            <Typography.Paragraph>{t(width < 992 ? 'demo.mixin.mobile' : 'demo.mixin.desktop')}</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
