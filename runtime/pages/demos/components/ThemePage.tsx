/**
 * /theme/index: the console's primary colour, chosen here with the browser's colour input or a
 * preset (not antd's ColorPicker: the bundler put it, with Collapse, into the startup chunk, over
 * the sign-in page's size budget); the whole console follows at once (the layout setting `theme`, kept in local storage), and the parts
 * below show it.
 */
import { useSnapshot } from 'valtio';
import { Alert, Button, Card, Space, Switch, Tag, Typography, Radio, Slider } from 'antd';
import { changeSetting, settingsState } from '../../../layout/settings/settingsState.ts';
import { useDemoTranslation } from '../demoMessages.ts';

const PRESETS = ['#1890ff', '#13c2c2', '#52c41a', '#fa541c', '#722ed1', '#eb2f96'];

export default function ThemePage() {
  const { t } = useDemoTranslation();
  const settings = useSnapshot(settingsState);
  return (
    <div className="page-container">
      <Card title={t('demo.theme.title')}>
        <Typography.Paragraph>{t('demo.theme.hint')}</Typography.Paragraph>
        <Space wrap align="center">
          <span>{t('demo.theme.color')}</span>
          <input
            type="color"
            className="demo-theme-input"
            aria-label={t('demo.theme.color')}
            value={settings.theme}
            onChange={(e) => changeSetting('theme', e.target.value)}
          />
          {PRESETS.map((color) => (
            <button
              key={color}
              type="button"
              className="demo-theme-swatch"
              style={{ background: color }}
              aria-label={t('demo.theme.use', { color })}
              aria-pressed={settings.theme.toLowerCase() === color}
              onClick={() => changeSetting('theme', color)}
            />
          ))}
        </Space>
        <p data-testid="theme-current">{t('demo.theme.current', { color: settings.theme })}</p>
        <Space wrap style={{ marginTop: 8 }}>
          <Button type="primary" data-testid="theme-sample">
            {t('demo.theme.primary')}
          </Button>
          <Button>{t('demo.theme.default')}</Button>
          <Tag color={settings.theme}>{t('demo.theme.tag')}</Tag>
          <Switch defaultChecked aria-label={t('demo.theme.switch')} />
          <Radio.Group
            defaultValue="a"
            options={[
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ]}
          />
          <Slider defaultValue={40} style={{ width: 160 }} aria-label={t('demo.theme.slider')} />
        </Space>
        <Alert style={{ marginTop: 16 }} type="info" showIcon title={t('demo.theme.kept')} />
      </Card>
    </div>
  );
}
