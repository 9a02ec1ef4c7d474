import { Button, Dropdown } from 'antd';
import { CheckOutlined, ColumnHeightOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { SIZES, type Size } from '../../constants/spec.ts';
import { appState, setSize } from '../appState.ts';
import { toastSuccess } from '../../feedback/feedback.ts';

/** Four densities: default, medium, small, mini; the current one is checked and disabled. Lists' rows follow it. */
export default function SizeSelect() {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [app.size],
        // The current size is marked (and disabled, spec 4): the menu opens where the console is.
        items: SIZES.map((size) => ({
          key: size,
          label: t(`navbar.sizes.${size}`),
          icon: size === app.size ? <CheckOutlined aria-hidden /> : <span className="navbar-size-space" aria-hidden />,
          disabled: size === app.size,
        })),
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
