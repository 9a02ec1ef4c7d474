/** The avatar menu: profile, change password, home, log out (spec 2). */
import { useState } from 'react';
import { Avatar, Dropdown } from 'antd';
import { DownOutlined, HomeOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { HOME_PATH, LOGIN_PATH, PROFILE_PATH } from '../../constants/spec.ts';
import { userState } from '../../auth/userState.ts';
import { logout } from '../../auth/session.ts';
import ChangePasswordDialog from './ChangePasswordDialog.tsx';
import { DEFAULT_AVATAR } from './defaultAvatar.ts';

export default function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(userState);
  const [failed, setFailed] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const src = !user.avatar || failed ? DEFAULT_AVATAR : user.avatar;
  const displayName = user.nickname || user.name;

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') },
            { key: 'password', icon: <KeyOutlined />, label: t('password.change') },
            { key: 'home', icon: <HomeOutlined />, label: t('navbar.home') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'profile') navigate(PROFILE_PATH);
            else if (key === 'password') setPasswordOpen(true);
            else if (key === 'home') navigate(HOME_PATH);
            else
              void logout().finally(() => {
                navigate(LOGIN_PATH, { replace: true });
              });
          },
        }}
      >
        <button type="button" className="avatar-trigger" aria-label={t('navbar.userMenu', { name: displayName })} data-testid="avatar-menu">
          <Avatar
            size={32}
            src={src}
            alt=""
            onError={() => {
              setFailed(true);
              return false;
            }}
          />
          <span className="avatar-name">{displayName}</span>
          <DownOutlined className="avatar-caret" />
        </button>
      </Dropdown>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
