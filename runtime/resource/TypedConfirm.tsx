/**
 * The body of a delete confirm that asks for a field's value to be typed (the delete action's
 * `typeToConfirm`, tenants' codes): the question, what to type, and the input. It tells the
 * confirm whether the text names every expected value (Confirm is enabled only then).
 */
import { useId, useState } from 'react';
import { Input, Space, Typography } from 'antd';
import { useTranslation } from '../i18n/translator.ts';
import { typedConfirmMatches } from './actionModel.ts';

export interface TypedConfirmProps {
  question: string;
  /** The values to type, one per record. */
  expected: readonly string[];
  /** The field's label. */
  label: string;
  onChange(text: string, matches: boolean): void;
}

export default function TypedConfirm({ question, expected, label, onChange }: TypedConfirmProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const hintId = `typed-confirm-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const values = [...new Set(expected)];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <span>{question}</span>
      <Typography.Text id={hintId}>
        {values.length === 1
          ? t('resource.typeToConfirm', { value: values[0] })
          : t('resource.typeToConfirmMany', { values: values.join(', ') })}
      </Typography.Text>
      <Input
        value={text}
        aria-label={t('resource.typeToConfirmLabel', { label })}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        data-testid="typed-confirm"
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value, typedConfirmMatches(values, e.target.value));
        }}
      />
    </Space>
  );
}
