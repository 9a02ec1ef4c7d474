/**
 * /components/dropzone: files dropped on the zone, or chosen with a click, are listed with their
 * type and size, pictures with a preview; at most MAX_FILES files of MAX_BYTES each, anything
 * else refused with a message. Nothing leaves the browser.
 */
import { useEffect, useState } from 'react';
import { Button, Card, List, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { toastError } from '../../../feedback/feedback.ts';
import { formatBytes } from '../../../richtext/imageUpload.ts';
import { useDemoTranslation } from '../demoMessages.ts';

const MAX_FILES = 5;
const MAX_BYTES = 5 * 1024 * 1024;

interface Dropped {
  uid: string;
  file: File;
  preview?: string;
}

export default function DropzonePage() {
  const { t } = useDemoTranslation();
  const [files, setFiles] = useState<Dropped[]>([]);
  // the previews' object URLs go with the page
  useEffect(() => () => files.forEach((f) => f.preview && URL.revokeObjectURL(f.preview)), [files]);

  const add = (file: File & { uid: string }) => {
    if (file.size > MAX_BYTES) return toastError(t('demo.dropzone.tooLarge', { name: file.name, limit: formatBytes(MAX_BYTES) }));
    setFiles((list) => {
      if (list.length >= MAX_FILES) {
        toastError(t('demo.dropzone.tooMany', { count: MAX_FILES }));
        return list;
      }
      return [...list, { uid: file.uid, file, preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined }];
    });
  };

  return (
    <div className="page-container">
      <Card title={t('demo.dropzone.title')}>
        <Typography.Paragraph>{t('demo.dropzone.hint', { count: MAX_FILES, limit: formatBytes(MAX_BYTES) })}</Typography.Paragraph>
        <Upload.Dragger
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            add(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('demo.dropzone.drop')}</p>
        </Upload.Dragger>
        <List
          style={{ marginTop: 16 }}
          data-testid="dropzone-files"
          dataSource={files}
          locale={{ emptyText: t('demo.dropzone.none') }}
          renderItem={(f) => (
            <List.Item
              data-file={f.file.name}
              actions={[
                <Button key="remove" type="link" onClick={() => setFiles((list) => list.filter((x) => x.uid !== f.uid))}>
                  {t('demo.dropzone.remove', { name: f.file.name })}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={f.preview ? <img src={f.preview} alt={f.file.name} className="demo-dropzone-preview" /> : undefined}
                title={f.file.name}
                description={`${f.file.type || t('demo.dropzone.unknownType')} · ${formatBytes(f.file.size)}`}
              />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
