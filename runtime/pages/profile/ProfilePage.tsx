/** The profile page (/profile/index): the user's own details, saved with updateSysUserDetail. */
import { useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Tag } from 'antd';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { updateSysUserDetail, type UserDetail } from '../../api/account.ts';
import { toastSuccess } from '../../feedback/feedback.ts';
import { userState } from '../../auth/userState.ts';
import { useFormLayout } from '../../layout/useFormLayout.ts';
import { DEFAULT_AVATAR } from '../../layout/navbar/defaultAvatar.ts';
import { MOBILE_PATTERN } from '../login/loginRules.ts';

type Fields = Pick<UserDetail, 'nickname' | 'email' | 'mobile' | 'address' | 'profile' | 'avatar'>;

export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSnapshot(userState);
  const layout = useFormLayout();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Fields) => {
    if (user.id === undefined) return;
    setSaving(true);
    try {
      await updateSysUserDetail(values);
      Object.assign(userState, {
        nickname: values.nickname ?? '',
        email: values.email ?? '',
        mobile: values.mobile ?? '',
        address: values.address ?? '',
        profile: values.profile ?? '',
        avatar: values.avatar ?? '',
        introduction: values.nickname ?? '',
      });
      toastSuccess(t('profile.saved'));
    } catch {
      // Shown by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-container">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('profile.about')}>
            <div style={{ textAlign: 'center', marginBottom: 16 }}>
              <Avatar size={96} src={user.avatar || DEFAULT_AVATAR} alt="" />
              <h2 style={{ margin: '12px 0 4px' }}>{user.nickname || user.name}</h2>
              <div>
                {user.roles.map((r) => (
                  <Tag key={r} color="blue">
                    {r}
                  </Tag>
                ))}
              </div>
            </div>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'username', label: t('profile.username'), children: user.name },
                { key: 'tenant', label: t('profile.tenant'), children: user.tenantName || user.tenantCode || t('workbench.defaultTenant') },
                { key: 'email', label: t('register.email'), children: user.email || '-' },
                { key: 'mobile', label: t('login.mobile'), children: user.mobile || '-' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('profile.edit')}>
            <Form<Fields>
              form={form}
              name="profile"
              layout={layout}
              labelCol={layout === 'horizontal' ? { flex: '120px' } : undefined}
              initialValues={{
                nickname: user.nickname,
                email: user.email,
                mobile: user.mobile,
                address: user.address,
                profile: user.profile,
                avatar: user.avatar,
              }}
              onFinish={save}
            >
              <Form.Item
                name="nickname"
                label={t('register.nickname')}
                rules={[{ required: true, whitespace: true, message: t('profile.nicknameRequired') }]}
              >
                <Input aria-label={t('register.nickname')} maxLength={64} />
              </Form.Item>
              <Form.Item name="email" label={t('register.email')} rules={[{ type: 'email', message: t('register.emailFormat') }]}>
                <Input aria-label={t('register.email')} />
              </Form.Item>
              <Form.Item
                name="mobile"
                label={t('login.mobile')}
                rules={[{ pattern: MOBILE_PATTERN, message: t('login.rules.mobileFormat') }]}
              >
                <Input aria-label={t('login.mobile')} />
              </Form.Item>
              <Form.Item name="address" label={t('profile.address')}>
                <Input aria-label={t('profile.address')} />
              </Form.Item>
              <Form.Item name="avatar" label={t('profile.avatar')} rules={[{ type: 'url', message: t('profile.avatarUrl') }]}>
                <Input aria-label={t('profile.avatar')} placeholder="https://" />
              </Form.Item>
              <Form.Item name="profile" label={t('profile.introduction')}>
                <Input.TextArea aria-label={t('profile.introduction')} rows={4} maxLength={512} showCount />
              </Form.Item>
              <Form.Item label={layout === 'horizontal' ? ' ' : undefined} colon={false}>
                <Button type="primary" htmlType="submit" loading={saving}>
                  {t('common.save')}
                </Button>
              </Form.Item>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
