/**
 * Import from a spreadsheet: download the template (the export call with isTemplate 1), choose
 * the filled .xlsx, upload it to import<Name> (multipart field "file") as a job, and follow the
 * job (queryImportJob) with a progress bar until it is over: the rows added, or the refused
 * rows with their messages (nothing is written then). The same file uploaded again is answered
 * with its first import's outcome.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceMeta } from '../generated/resources.ts';
import { useTranslation } from '../i18n/translator.ts';
import { toastSuccess } from '../feedback/feedback.ts';
import { downloadCall, uploadImport, type ImportJob, type ImportResult } from './api.ts';
import { callName } from './meta.ts';

export interface ImportDialogProps {
  resource: ResourceMeta;
  onClose(changed: boolean): void;
}

export default function ImportDialog({ resource, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult>();
  const [changed, setChanged] = useState(false);
  const [job, setJob] = useState<ImportJob>();
  // the dialog closed: stop following the job (it goes on on the server)
  const closed = useRef(false);
  useEffect(
    () => () => {
      closed.current = true;
    },
    [],
  );

  const template = async () => {
    setBusy(true);
    try {
      await downloadCall(resource, callName(resource, 'export'), { isTemplate: 1 }, `${resource.name}-template.xlsx`);
    } catch {
      // Toasted by downloadCall.
    } finally {
      setBusy(false);
    }
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setResult(undefined);
    setJob(undefined);
    const answer = await uploadImport(resource, callName(resource, 'import'), file, setJob, () => closed.current);
    if (closed.current) return;
    setBusy(false);
    setJob(undefined);
    setResult(answer);
    if (answer.ok) {
      setChanged(true);
      if (!answer.repeated)
        toastSuccess(answer.count === undefined ? t('resource.imported') : t('resource.importedCount', { n: answer.count }));
    }
  };

  return (
    <Modal
      open
      title={t('resource.importTitle', { title: t(resource.labels.title) })}
      width={720}
      onCancel={() => onClose(changed)}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={() => onClose(changed)}>
          {t('common.close')}
        </Button>,
        <Button
          key="import"
          type="primary"
          icon={<UploadOutlined aria-hidden />}
          disabled={!file}
          loading={busy}
          onClick={() => void upload()}
        >
          {t('resource.actions.import')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Alert type="info" showIcon title={t('resource.importHelp')} />
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void template()} disabled={busy}>
          {t('resource.downloadTemplate')}
        </Button>
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            setFile(f);
            setResult(undefined);
            return false;
          }}
          onRemove={() => {
            setFile(undefined);
            setResult(undefined);
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('resource.chooseFile')}</Button>
        </Upload>
        {job && job.status === 'running' && (
          <div data-testid="import-progress">
            <Progress
              percent={job.total ? Math.floor((job.processed * 100) / job.total) : 0}
              status="active"
              aria-label={t('resource.importProgress')}
            />
            <span role="status">
              {job.total
                ? t('resource.importWriting', { processed: job.processed, total: job.total })
                : job.read
                  ? t('resource.importReading', { read: job.read })
                  : t('resource.importWaiting')}
            </span>
          </div>
        )}
        {result?.ok && (
          <Alert
            type={result.repeated ? 'info' : 'success'}
            showIcon
            data-testid="import-outcome"
            title={
              result.repeated
                ? t('resource.importRepeated', { n: result.count ?? 0, time: result.job?.createTime ?? '' })
                : t('resource.importAdded', { n: result.count ?? 0 })
            }
          />
        )}
        {result?.running && <Alert type="info" showIcon title={t('resource.importStillRunning')} />}
        {result && !result.ok && !result.running && (
          <Alert
            type="error"
            showIcon
            title={result.message || t('resource.importFailed')}
            description={
              result.errors.length
                ? t('resource.importRefused', { n: new Set(result.errors.map((e) => e.row ?? e.field)).size })
                : undefined
            }
            data-testid="import-errors"
          />
        )}
        {result && result.errors.length > 0 && (
          <Table
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={result.errors}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('resource.importRow'), width: 80 },
              { key: 'field', dataIndex: 'field', title: t('resource.importField'), width: 160 },
              { key: 'message', dataIndex: 'message', title: t('resource.importMessage') },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
