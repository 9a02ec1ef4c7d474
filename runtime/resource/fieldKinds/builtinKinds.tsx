/**
 * The built-in field kinds (the `fieldKind` names of resource.schema.json): each one's form
 * input (form/builtinWidgets.tsx), table cell (kindCells.tsx; the value's text where it has
 * none) and search input (searchInputs.tsx: by the field's type and match); `upload` is
 * upload/ (a file of the files API).
 */
import type { FieldKind } from '../../generated/resources.ts';
import {
  CheckboxWidget,
  CodeWidget,
  DateTimeWidget,
  DateWidget,
  JsonWidget,
  MobileWidget,
  NumberWidget,
  PasswordWidget,
  RadioWidget,
  RelationInputWidget,
  SelectWidget,
  SwitchWidget,
  TextareaWidget,
  TagsWidget,
  TextWidget,
} from '../form/builtinWidgets.tsx';
import { RelationMultipleWidget } from '../form/RelationMultipleWidget.tsx';
import { RichTextWidget } from '../form/RichTextWidget.tsx';
import { ChoiceCell, FlagCell, IconCell, RichTextCell, StatusCell, TagsCell } from './kindCells.tsx';
import type { FieldKindDefinition } from './types.ts';
import { UploadWidget } from '../upload/UploadWidget.tsx';
import { UploadCell } from '../upload/UploadCell.tsx';

export const builtinFieldKinds: Readonly<Record<FieldKind, FieldKindDefinition>> = {
  text: { input: TextWidget },
  textarea: { input: TextareaWidget },
  code: { input: CodeWidget },
  json: { input: JsonWidget },
  password: { input: PasswordWidget },
  mobile: { input: MobileWidget },
  icon: { input: TextWidget, cell: IconCell },
  richText: { input: RichTextWidget, cell: RichTextCell },
  number: { input: NumberWidget },
  switch: { input: SwitchWidget },
  flag: { input: SwitchWidget, cell: FlagCell },
  select: { input: SelectWidget, cell: ChoiceCell },
  radio: { input: RadioWidget, cell: ChoiceCell },
  checkbox: { input: CheckboxWidget, cell: ChoiceCell },
  status: { input: RadioWidget, cell: StatusCell },
  tags: { input: TagsWidget, cell: TagsCell },
  date: { input: DateWidget },
  dateTime: { input: DateTimeWidget },
  relation: { input: RelationInputWidget },
  relationMultiple: { input: RelationMultipleWidget },
  upload: { input: UploadWidget, cell: UploadCell },
};
