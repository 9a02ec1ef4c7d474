/**
 * The `upload` field kind's cell: the file's name as a link that downloads it, with a thumbnail
 * when it is an image (the files API's preview of a record's file). Every user who may read the
 * record may read the file, whoever uploaded it; should the call be refused (a field hidden by a
 * data permission, a file deleted meanwhile) the name is shown alone.
 */
import { useEffect, useState } from 'react';
import { Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from '../../i18n/translator.ts';
import type { CellProps } from '../fieldKinds/types.ts';
import { downloadRecordFile, fetchRecordFile, isImage, recordFile, type FileAttachment, type RecordFile } from './recordFiles.ts';

const THUMB = { list: 32, detail: 120 } as const;

function Thumbnail({ file, at, size }: { file: RecordFile; at: FileAttachment; size: number }) {
  const [url, setUrl] = useState<string | undefined>(undefined);
  const { resource, recordId, field } = at;
  useEffect(() => {
    let object: string | undefined;
    let live = true;
    fetchRecordFile('preview', { resource, recordId, field }).then(
      (blob) => {
        if (!live) return;
        object = URL.createObjectURL(blob);
        setUrl(object);
      },
      () => undefined, // not readable by this user: the name is shown alone
    );
    return () => {
      live = false;
      if (object) URL.revokeObjectURL(object);
    };
  }, [file.id, resource, recordId, field]);
  if (!url) return null;
  return <img className="upload-thumbnail" src={url} alt={file.fileName} width={size} height={size} style={{ objectFit: 'cover' }} />;
}

export function UploadCell({ value, record, field, resource, place }: CellProps) {
  const { t } = useTranslation();
  if (typeof value !== 'number') return null;
  const file = recordFile(record, field.name);
  if (!file || file.id !== value || typeof record.id !== 'number') return <span>{t('uploadField.fileNumber', { id: value })}</span>;
  const at: FileAttachment = { resource: resource.name, recordId: record.id, field: field.name };
  return (
    <Space size={6} className="upload-cell" data-file-id={String(file.id)}>
      {isImage(file) && <Thumbnail file={file} at={at} size={THUMB[place]} />}
      <Typography.Link
        onClick={(e) => {
          e.stopPropagation();
          void downloadRecordFile(file, at).catch(() => undefined);
        }}
        title={t('uploadField.download', { name: file.fileName })}
      >
        <PaperClipOutlined /> {file.fileName}
      </Typography.Link>
    </Space>
  );
}
