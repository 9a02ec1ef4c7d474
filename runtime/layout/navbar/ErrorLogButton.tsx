/** The error-log button (shown when client errors were recorded) and its dialog. */
import { useState } from 'react';
import { Badge, Button, Modal } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { errorLogState } from '../../errorLog/errorLogState.ts';
import ErrorLogTable from '../../pages/errorLog/ErrorLogTable.tsx';

export default function ErrorLogButton() {
  const { t } = useTranslation();
  const log = useSnapshot(errorLogState);
  const [open, setOpen] = useState(false);
  if (log.logs.length === 0) return null;
  return (
    <>
      <Button
        type="text"
        className="navbar-icon"
        onClick={() => setOpen(true)}
        aria-label={t('errorLog.open')}
        title={t('errorLog.open')}
        data-testid="error-log-button"
      >
        <Badge dot>
          <BugOutlined className="navbar-icon-glyph error-log-bug" />
        </Badge>
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width="80%" title={t('errorLog.title')} destroyOnHidden>
        <ErrorLogTable />
      </Modal>
    </>
  );
}
