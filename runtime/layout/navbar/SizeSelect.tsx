import { Button, Dropdown } from 'antd';
import { ColumnHeightOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { SIZES, type Size } from '../../constants/spec.ts';
import { appState, setSize } from '../appState.ts';
import { toastSuccess } from '../../feedback/feedback.ts';

/** Four densities: default, medium, small, mini; the current one is disabled. */
export default function SizeSelect() {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [app.size],
        items: SIZES.map((size) => ({ key: size, label: t(`navbar.sizes.${size}`), disabled: size === app.size })),
        onClick: ({ key }) => {
          setSize(key as Size);
          toastSuccess(t('navbar.switchSizeSuccess'));
        },
      }}
    >
      <Button
        type="text"
        className="navbar-icon"
        icon={<ColumnHeightOutlined />}
        aria-label={t('navbar.size')}
        title={t('navbar.size')}
        data-testid="size-select"
      />
    </Dropdown>
  );
}
