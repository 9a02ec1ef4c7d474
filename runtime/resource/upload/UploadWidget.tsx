/**
 * The `upload` field kind's input: a button that chooses one file, uploads it through the files
 * API (into the top folder of the user's files, with a progress bar) and keeps its id as the
 * field's value; the chosen file's name with a remove button. A file over the files API's size
 * limit is refused before anything is sent. The server checks the id again on save.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Progress, Space, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { formContextOf, plannedFieldOf } from '../form/formContext.ts';
import { ApiError } from '../../http/apiError.ts';
import { recordFile, uploadRecordFile, UPLOAD_MAX_BYTES, type RecordFile } from './recordFiles.ts';

export function UploadWidget(props: WidgetProps) {
  const ctx = formContextOf(props);
  const field = plannedFieldOf(props);
  const { id, value, onChange, disabled, readonly } = props;
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<RecordFile | undefined>(undefined);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const label = props.label || (field ? ctx.t(field.label) : id);

  const known = typeof value === 'number' ? (chosen?.id === value ? chosen : recordFile(ctx.initial, props.name)) : undefined;
  const name = typeof value === 'number' ? (known?.id === value ? known.fileName : ctx.t('uploadField.fileNumber', { id: value })) : '';

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(undefined);
    if (file.size > UPLOAD_MAX_BYTES) {
      setProblem(ctx.t('uploadField.tooLarge', { name: file.name }));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadRecordFile(file, setProgress);
      setChosen(stored);
      onChange(stored.id);
    } catch (err) {
      // the transport has shown the server's message; the field says so too
      setProblem(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(undefined);
    }
  };

  const locked = disabled || readonly;
  return (
    <div className="upload-field" data-testid={`upload-field-${props.name}`}>
      <Space wrap>
        {!locked && (
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={progress !== undefined} aria-describedby={id}>
            {value === undefined || value === null ? ctx.t('uploadField.choose') : ctx.t('uploadField.replace')}
          </Button>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          aria-label={label}
          disabled={locked}
          onChange={(e) => void onFile(e)}
          data-testid={`upload-input-${props.name}`}
        />
        {name && (
          <Typography.Text className="upload-field-name" data-file-id={String(value)}>
            <PaperClipOutlined /> {name}
          </Typography.Text>
        )}
        {name && !locked && (
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={ctx.t('uploadField.remove', { name })}
            onClick={() => {
              setChosen(undefined);
              onChange(undefined);
            }}
          />
        )}
      </Space>
      {progress !== undefined && <Progress percent={progress} size="small" aria-label={ctx.t('uploadField.uploading')} />}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
